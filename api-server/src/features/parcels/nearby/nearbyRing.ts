// The ring a nearby list draws: the line `distance` feet out from the subject or drawn area. Traced
// from the distance sampled on a grid (marching squares, turf's isobands) rather than buffered:
// turf's buffer (JSTS) took seconds on a drawn star of a hundred points and ran out of memory on one
// of two thousand, while a grid costs the same for any outline — a fixed number
// of samples, each one walk down the area's index, taken in slices of the event loop.
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { EventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import type { FlatFrame, IndexedArea } from './nearbyGeometry.ts';

/**
 * Samples across the wider side of the grid. The line is interpolated between samples, so it lies
 * within a small fraction of a cell of the exact one (0.2 % of the area round a drawn star).
 */
const GRID_CELLS = 64;

export async function ringAround(
  area: Polygon | MultiPolygon,
  indexed: IndexedArea,
  frame: FlatFrame,
  distanceFt: number,
  slices: EventLoopSlices,
): Promise<Polygon | MultiPolygon> {
  const [west, south, east, north] = turf.bbox(area);
  const [minX, minY] = frame.toFeet([west, south]);
  const [maxX, maxY] = frame.toFeet([east, north]);
  const cell = (Math.max(maxX - minX, maxY - minY) + 2 * distanceFt) / (GRID_CELLS - 4);
  // Two cells beyond the distance all round, so that every line closes inside the grid.
  const margin = distanceFt + 2 * cell;
  const columns = Math.ceil((maxX - minX + 2 * margin) / cell) + 1;
  const rows = Math.ceil((maxY - minY + 2 * margin) / cell) + 1;
  // A sample nearer than two cells inside the line cannot move it (its neighbours are all inside too).
  const closeEnough = distanceFt - 2 * cell;
  const samples: ReturnType<typeof turf.point>[] = [];
  for (let row = 0; row < rows; row += 1) {
    const y = minY - margin + row * cell;
    for (let column = 0; column < columns; column += 1) {
      const x = minX - margin + column * cell;
      const distance = indexed.distanceFrom([x, y], margin, closeEnough);
      samples.push(turf.point(frame.toPosition([x, y]), { distance: Math.min(distance, margin) }));
    }
    if (slices.spent) await slices.next();
  }
  const [band] = turf.isobands(turf.featureCollection(samples), [-1, distanceFt], { zProperty: 'distance' }).features;
  const polygons = band!.geometry.coordinates;
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
}
