// The demo county as insert-ready batches: parcels with their derived geometry, serialised to JSON
// one batch at a time (the seed sends each batch as one jsonb parameter). Shared by the worker
// thread (first start) and the in-process path (tests), so both produce the same bytes.
import { deriveGeometry } from '../parcels/parcelGeometry.ts';
import { generateDemoCounty, type DemoCountyOptions, type DemoRoad } from './demoCounty.ts';

/** Parcels per INSERT: few round trips (PGlite is single-threaded WASM) and bounded memory. */
export const DEMO_BATCH_SIZE = 5000;

export type DemoMessage =
  | { kind: 'roads'; roads: DemoRoad[]; parcelCount: number }
  | { kind: 'batch'; json: string; count: number }
  | { kind: 'done' };

/** Generates the county, then yields its roads and then its parcel batches (derived lazily). */
export function* demoMessages(options: DemoCountyOptions = {}): Generator<DemoMessage> {
  const county = generateDemoCounty(options);
  yield { kind: 'roads', roads: county.roads, parcelCount: county.parcels.length };
  for (let start = 0; start < county.parcels.length; start += DEMO_BATCH_SIZE) {
    const batch = county.parcels.slice(start, start + DEMO_BATCH_SIZE).map((parcel) => ({ ...parcel, ...deriveGeometry(parcel.geometry) }));
    yield { kind: 'batch', json: JSON.stringify(batch), count: batch.length };
  }
  yield { kind: 'done' };
}
