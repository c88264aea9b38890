// Parcel API latency and throughput against the running API (issue #7 point 3, #4 point 6): details
// of the parcels around the initial map centre (p50 of sequential requests, each parcel's first,
// and throughput under wrk at 50 connections rotating over them, against the tile route's), and
// search p50 over PIN, address and owner queries taken from the centre parcel's own record.
import { CENTRE_PIN } from '../county-data/src/demo/demoCounty.ts';
import { toLngLat } from '../county-data/src/demo/localFrame.ts';
import { expectOk, get, sequentialTimings } from './lib/http.ts';
import { CONNECTIONS, load, type LoadRun } from './lib/load.ts';
import { atMost, ratioRow, round, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

/** The parcels under a grid of points this far apart, this many a side, around the centre. */
const GRID_SPACING_M = 40;
const GRID_SIDE = 20;
const SEARCH_SAMPLES_PER_QUERY = 40;

export interface ParcelApiResult {
  detailsLoad: LoadRun;
  rows: BenchRow[];
  /** The PINs of the parcels around the centre it asked for. */
  pins: string[];
}

/** PINs of the parcels around the centre, as a click on each would find them (GET /api/parcels/at). */
export async function pinsAroundCentre(apiOrigin: string, headers: Record<string, string>): Promise<string[]> {
  const pins = new Set<string>([CENTRE_PIN]);
  const half = ((GRID_SIDE - 1) * GRID_SPACING_M) / 2;
  for (let row = 0; row < GRID_SIDE; row++) {
    for (let column = 0; column < GRID_SIDE; column++) {
      const [lng, lat] = toLngLat(column * GRID_SPACING_M - half, row * GRID_SPACING_M - half);
      const response = await get(`${apiOrigin}/api/parcels/at?lng=${lng}&lat=${lat}`, headers);
      // 404: a road or the lake.
      if (response.status === 200) pins.add((JSON.parse(response.body.toString('utf8')) as { pin: string }).pin);
      else if (response.status !== 404) throw new Error(`/api/parcels/at answered ${response.status}`);
    }
  }
  return [...pins];
}

export async function benchParcelApi(apiOrigin: string, jwt: string, tileRoute: LoadRun): Promise<ParcelApiResult> {
  const headers = { Authorization: `Bearer ${jwt}` };
  const pins = await pinsAroundCentre(apiOrigin, headers);
  const detailPaths = pins.map((pin) => `/api/parcels/${encodeURIComponent(pin)}`);
  // Each parcel once, in turn: what a person clicking around the map asks for.
  const firstTimings: number[] = [];
  for (const detailPath of detailPaths) firstTimings.push((await expectOk(`${apiOrigin}${detailPath}`, headers)).ms);
  const details = summarize(firstTimings);
  const detailsLoad = await load('parcel details', apiOrigin, detailPaths, { headers });

  // What a person types: the start of the PIN, a street name, an owner's surname.
  const parcel = JSON.parse((await expectOk(`${apiOrigin}/api/parcels/${CENTRE_PIN}`, headers)).body.toString('utf8')) as { pin: string; owner: string | null; add1: string | null };
  const queries = [parcel.pin.slice(0, 6), parcel.add1?.split(' ').slice(1).join(' '), parcel.owner?.split(/[ ,]+/)[0]].filter(
    (query): query is string => !!query && query.length >= 2,
  );
  const searchTimings: number[] = [];
  for (const query of queries) {
    searchTimings.push(...(await sequentialTimings(`${apiOrigin}/api/parcels/search?q=${encodeURIComponent(query)}`, headers, SEARCH_SAMPLES_PER_QUERY, 3)));
  }
  const search = summarize(searchTimings);
  const section = 'api';
  const perSecond = (run: LoadRun) => `${run.requestsPerSecond.toLocaleString('en-US')} req/s`;
  return {
    detailsLoad,
    pins,
    rows: [
      atMost(section, 'parcel details p50 (sequential)', round(details.p50, 2), 'ms', 2, `${detailPaths.length} parcels around the centre, each once; p95 ${details.p95} ms`),
      ratioRow(section, `parcel details throughput, ${CONNECTIONS} conns`, detailsLoad.requestsPerSecond / tileRoute.requestsPerSecond, 0.5, 'cached tile route',
        `details ${perSecond(detailsLoad)} over ${detailPaths.length} parcels (p50 ${detailsLoad.p50Ms} ms, p99 ${detailsLoad.p99Ms} ms), tiles ${perSecond(tileRoute)}`),
      atMost(section, 'search p50 (sequential)', round(search.p50, 2), 'ms', 20, `${queries.map((q) => JSON.stringify(q)).join(', ')}; p95 ${search.p95} ms`),
    ],
  };
}
