import * as turf from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import { FEET_PER_METRE, flatFrame, flatRings, indexArea } from './nearbyGeometry.ts';
import { ringAround } from './nearbyRing.ts';

const frame = flatFrame([-80.86, 35.62]);
const SQ_FEET_PER_SQ_METRE = FEET_PER_METRE ** 2;
const polygon = (feet: [number, number][]): Polygon => ({ type: 'Polygon', coordinates: [[...feet, feet[0]!].map((point) => frame.toPosition(point))] });
const ring = (area: Polygon, distanceFt: number) => ringAround(area, indexArea(flatRings(area, frame)), frame, distanceFt, eventLoopSlices());

describe('ringAround', () => {
  it('draws the line `distance` feet out: a square grown by its perimeter times the distance and a disc', async () => {
    const square = polygon([[0, 0], [1000, 0], [1000, 1000], [0, 1000]]);
    const drawn = await ring(square, 300);
    expect(drawn.type).toBe('Polygon');
    const exactSqFt = 1000 * 1000 + 4 * 1000 * 300 + Math.PI * 300 * 300;
    expect(turf.area(drawn) * SQ_FEET_PER_SQ_METRE).toBeGreaterThan(exactSqFt * 0.99);
    expect(turf.area(drawn) * SQ_FEET_PER_SQ_METRE).toBeLessThan(exactSqFt * 1.01);
    const indexed = indexArea(flatRings(square, frame));
    for (const position of (drawn as Polygon).coordinates[0]!) {
      expect(indexed.distanceFrom(frame.toFeet(position), Infinity, 0)).toBeGreaterThan(300 - 10);
      expect(indexed.distanceFrom(frame.toFeet(position), Infinity, 0)).toBeLessThan(300 + 10);
    }
  });

  it('keeps a hole wider than twice the distance, and fills a narrower one', async () => {
    const frameSquare = (size: number, hole: number): Polygon => {
      const inset = (size - hole) / 2;
      const outer = polygon([[0, 0], [size, 0], [size, size], [0, size]]).coordinates[0]!;
      const inner = polygon([[inset, inset], [inset, inset + hole], [inset + hole, inset + hole], [inset + hole, inset]]).coordinates[0]!;
      return { type: 'Polygon', coordinates: [outer, inner] };
    };
    expect(((await ring(frameSquare(3000, 2000), 300)) as Polygon).coordinates).toHaveLength(2);
    expect(((await ring(frameSquare(3000, 400), 300)) as Polygon).coordinates).toHaveLength(1);
  });

  it('draws round a star of two thousand points (which buffering could not) as round its tips', async () => {
    const tips = 1000;
    const star = polygon(Array.from({ length: tips * 2 }, (_, i) => {
      const radius = i % 2 === 0 ? 5280 : 4000;
      const angle = (i / (tips * 2)) * 2 * Math.PI;
      return [radius * Math.cos(angle), radius * Math.sin(angle)] as [number, number];
    }));
    const drawn = await ring(star, 2640);
    const discSqFt = Math.PI * (5280 + 2640) ** 2;
    expect(turf.area(drawn) * SQ_FEET_PER_SQ_METRE).toBeGreaterThan(discSqFt * 0.99);
    expect(turf.area(drawn) * SQ_FEET_PER_SQ_METRE).toBeLessThan(discSqFt * 1.01);
  });
});
