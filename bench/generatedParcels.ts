// A synthetic county for the import benchmark: `count` lots on a grid of irregular quadrilaterals
// (corners jittered inside each cell, a gap between cells so lots never touch), written as one
// GeoJSON FeatureCollection (or GeoJSONSeq) with the importer's own field names. Deterministic (fixed seed).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

const CELL_LON = 0.0004;
const CELL_LAT = 0.0003;
const ORIGIN = { lon: -81.0, lat: 35.5 };

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** How the features are written: a GeoJSON FeatureCollection, or GeoJSONSeq (one feature a line). */
export type GeneratedFormat = 'geojson' | 'geojsonseq';

/**
 * `origin`: the south-west corner of the grid (by default inside the demo county's extent). Written as
 * it is generated, so millions of lots take no more memory than one.
 */
export async function writeGeneratedParcels(file: string, count: number, origin: { lon: number; lat: number } = ORIGIN, format: GeneratedFormat = 'geojson'): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const next = random(7);
  const columns = Math.ceil(Math.sqrt(count * 1.6));
  await write(format === 'geojson' ? '{"type":"FeatureCollection","features":[\n' : '');
  for (let i = 0; i < count; i++) {
    const west = origin.lon + (i % columns) * CELL_LON;
    const south = origin.lat + Math.floor(i / columns) * CELL_LAT;
    // Each corner moves within the inner 10–30 % band of its cell corner: convex, never crossing.
    const inset = (size: number) => size * (0.1 + 0.2 * next());
    const ring = [
      [west + inset(CELL_LON), south + inset(CELL_LAT)],
      [west + CELL_LON - inset(CELL_LON), south + inset(CELL_LAT)],
      [west + CELL_LON - inset(CELL_LON), south + CELL_LAT - inset(CELL_LAT)],
      [west + inset(CELL_LON), south + CELL_LAT - inset(CELL_LAT)],
    ].map(([lon, lat]) => [Math.round(lon! * 1e7) / 1e7, Math.round(lat! * 1e7) / 1e7]);
    const feature = {
      type: 'Feature',
      properties: {
        PIN: `G${String(i + 1).padStart(9, '0')}`,
        owner: `OWNER ${i % 9973}`,
        ADD1: `${(i % 4000) + 1} GENERATED ST`,
        CITY: 'BENCHVILLE',
        STATE: 'NC',
        TaxAcres: Math.round(next() * 500) / 100,
        zoning: ['R-1', 'R-2', 'C-1', 'I-1'][i % 4],
        saleDate: `${2000 + (i % 25)}-0${(i % 9) + 1}-15`,
        salePrice: 50_000 + (i % 400) * 1000,
      },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
    };
    const separator = format === 'geojson' && i < count - 1 ? ',' : '';
    await write(`${JSON.stringify(feature)}${separator}\n`);
  }
  await write(format === 'geojson' ? ']}\n' : '');
  out.end();
  await finished(out);
}
