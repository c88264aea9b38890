import * as turf from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { DEMO_CENTRE, generateDemoCounty } from './demoCounty.ts';

const county = generateDemoCounty();

describe('generateDemoCounty', () => {
  it('is deterministic for a seed and differs for another seed', () => {
    expect(JSON.stringify(generateDemoCounty())).toBe(JSON.stringify(county));
    expect(generateDemoCounty({ seed: 'other' }).parcels[0]).not.toEqual(county.parcels[0]);
  });

  it('generates between 2,000 and 5,000 parcels with unique 10-digit PINs', () => {
    expect(county.parcels.length).toBeGreaterThanOrEqual(2000);
    expect(county.parcels.length).toBeLessThanOrEqual(5000);
    const pins = county.parcels.map((parcel) => parcel.pin);
    expect(new Set(pins).size).toBe(pins.length);
    for (const pin of pins) expect(pin).toMatch(/^\d{10}$/);
  });

  it('covers the initial map centre with exactly one parcel', () => {
    const covering = county.parcels.filter((parcel) =>
      turf.booleanPointInPolygon([DEMO_CENTRE.lng, DEMO_CENTRE.lat], parcel.geometry),
    );
    expect(covering).toHaveLength(1);
  });

  it('makes valid, closed, counter-clockwise polygons with acreage from their area', () => {
    for (const parcel of county.parcels) {
      const ring = parcel.geometry.coordinates[0]!;
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring.at(-1));
      expect(turf.booleanClockwise(ring)).toBe(false);
      expect(turf.kinks(parcel.geometry).features).toHaveLength(0);
      expect(parcel.taxacres).toBeCloseTo(turf.area(parcel.geometry) / 4046.8564224, 2);
    }
  });

  it('makes parcels that do not overlap one another', () => {
    // All parcels are axis-aligned rectangles: overlap means both ranges overlap by more than rounding.
    const boxes = county.parcels.map((parcel) => turf.bbox(parcel.geometry)).sort((a, b) => a[0] - b[0]);
    const epsilon = 1e-9;
    let overlaps = 0;
    for (let i = 0; i < boxes.length; i += 1) {
      const a = boxes[i]!;
      for (let j = i + 1; j < boxes.length && boxes[j]![0] < a[2] - epsilon; j += 1) {
        const b = boxes[j]!;
        if (b[1] < a[3] - epsilon && a[1] < b[3] - epsilon) overlaps += 1;
      }
    }
    expect(overlaps).toBe(0);
  });

  it('uses upper-case owner names, Iredell places and plausible sales', () => {
    const cities = new Set(county.parcels.map((parcel) => parcel.city));
    expect([...cities].sort()).toEqual(['MOORESVILLE', 'STATESVILLE', 'TROUTMAN']);
    for (const parcel of county.parcels) {
      expect(parcel.owner).toBe(parcel.owner.toUpperCase());
      expect(parcel.add1).toMatch(/^\d+ [A-Z ]+$/);
      if (parcel.sale_date !== null) expect(parcel.sale_date).toMatch(/^(19|20)\d\d-\d\d-\d\d$/);
      if (parcel.sales_price !== null) expect(parcel.sales_price).toBeGreaterThan(0);
    }
    expect(county.parcels.filter((parcel) => /^[A-Z]+ [A-Z]+ [A-Z]$/.test(parcel.owner)).length).toBeGreaterThan(
      county.parcels.length / 2,
    );
  });

  it('draws named roads that include major and minor kinds', () => {
    expect(county.roads.some((road) => road.kind === 'major')).toBe(true);
    expect(county.roads.some((road) => road.kind === 'minor')).toBe(true);
    for (const road of county.roads) expect(road.name.length).toBeGreaterThan(0);
  });
});
