// The demo county as insert-ready batches: parcels with their derived geometry, serialised to JSON
// one batch at a time (the seed sends each batch as one jsonb parameter). Shared by the worker
// thread (first start) and the in-process path (tests), so both produce the same bytes.
import { deriveGeometry } from '../parcels/parcelGeometry.ts';
import { streamDemoCounty, type DemoCountyOptions, type DemoParcel, type DemoRoad } from './demoCounty.ts';

/** Parcels per INSERT: few round trips (PGlite is single-threaded WASM) and bounded memory. */
export const DEMO_BATCH_SIZE = 5000;

export type DemoMessage =
  | { kind: 'roads'; roads: DemoRoad[] }
  | { kind: 'batch'; json: string; count: number }
  | { kind: 'done' };

/** Plans the county, then yields its roads and its parcel batches as they are made (derived lazily). */
export function* demoMessages(options: DemoCountyOptions = {}): Generator<DemoMessage> {
  const county = streamDemoCounty(options);
  yield { kind: 'roads', roads: county.roads };
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
