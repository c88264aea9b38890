// The demo county's elevation as data: its surface (demoElevation.ts) sampled on a regular lon/lat
// grid around the county, written by the seed for the API's contour tiles like any county's model.
import type { ElevationGrid } from '@parcel-map/shared/contracts';
import { elevationAt } from './demoElevation.ts';
import type { Bounds } from './lake.ts';
import { toLngLat } from './localFrame.ts';

/** 1.5 arc-seconds (~40 m), between the common 1″ and 3″ digital elevation models. */
const CELL_DEGREES = 1 / 2400;
/** Contours reach this far past the county's edge. */
const MARGIN_M = 5000;

export function demoElevationGrid(extent: Bounds): ElevationGrid {
  const [west, south] = toLngLat(extent.x0 - MARGIN_M, extent.y0 - MARGIN_M);
  const [east, north] = toLngLat(extent.x1 + MARGIN_M, extent.y1 + MARGIN_M);
  const cols = Math.ceil((east - west) / CELL_DEGREES);
  const rows = Math.ceil((north - south) / CELL_DEGREES);
  const metres = new Float32Array(cols * rows);
  for (let row = 0; row < rows; row += 1) {
    const lat = north - (row + 0.5) * CELL_DEGREES;
    for (let col = 0; col < cols; col += 1) metres[row * cols + col] = elevationAt(west + (col + 0.5) * CELL_DEGREES, lat);
  }
  return { bounds: { west, south: north - rows * CELL_DEGREES, east: west + cols * CELL_DEGREES, north }, cols, rows, metres };
}
