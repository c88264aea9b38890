// The demo county as insert-ready messages: its base map (roads, the lake), its elevation grid, then
// its parcels with their derived geometry, serialised to JSON one batch at a time (the seed sends
// each batch as one jsonb parameter). Shared by the worker thread (first start) and the in-process
// path (tests), so both produce the same bytes.
import type { ElevationGrid } from '@parcel-map/shared/contracts';
import { deriveGeometry } from '../geometry/parcelGeometry.ts';
import type { BaseMapFeatureInsert } from '../publish/baseMapWriter.ts';
import { FULL_EXTENT, streamDemoCounty, type DemoCountyOptions, type DemoParcel } from './demoCounty.ts';
import { demoElevationGrid } from './demoElevationGrid.ts';
import { lakeLngLat } from './lake.ts';

/** Parcels per INSERT: few round trips (PGlite is single-threaded WASM) and bounded memory. */
const DEMO_BATCH_SIZE = 5000;

export type DemoMessage =
  | { kind: 'baseMap'; roads: BaseMapFeatureInsert[]; water: BaseMapFeatureInsert[] }
  | { kind: 'elevation'; grid: ElevationGrid }
  | { kind: 'batch'; json: string; count: number }
  | { kind: 'done' };

/** Lake Norman and its creeks, the demo county's water. */
export function demoWater(): BaseMapFeatureInsert[] {
  return lakeLngLat().features.map((lake) => ({ name: String(lake.properties?.name ?? 'Lake Norman'), kind: 'lake', geometry: lake.geometry }));
}

/** Plans the county, then yields its base map, its elevation and its parcel batches as they are made. */
export function* demoMessages(options: DemoCountyOptions = {}): Generator<DemoMessage> {
  const county = streamDemoCounty(options);
  yield { kind: 'baseMap', roads: county.roads, water: demoWater() };
  yield { kind: 'elevation', grid: demoElevationGrid(options.extent ?? FULL_EXTENT) };
  let batch: DemoParcel[] = [];
  const flush = (): DemoMessage => {
    const rows = batch.map((parcel) => ({ ...parcel, ...deriveGeometry(parcel.geometry) }));
    batch = [];
    return { kind: 'batch', json: JSON.stringify(rows), count: rows.length };
  };
  for (const parcel of county.parcels) {
    batch.push(parcel);
    if (batch.length === DEMO_BATCH_SIZE) yield flush();
  }
  if (batch.length > 0) yield flush();
  yield { kind: 'done' };
}
