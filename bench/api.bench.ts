// Parcel API latency and throughput against the running API (issue #7 point 3): details of one
// parcel (p50 of sequential requests, and throughput at 50 connections against the tile route's),
// and search p50 over PIN, address and owner queries taken from that parcel's own record.
import { CENTRE_PIN } from '../api-server/src/demo/demoCounty.ts';
import { expectOk, sequentialTimings } from './lib/http.ts';
import { load, type LoadRun } from './lib/load.ts';
import { atMost, ratioRow, round, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const SAMPLES = 200;
const SEARCH_SAMPLES_PER_QUERY = 40;

export async function benchParcelApi(apiOrigin: string, jwt: string, tileRoute: LoadRun): Promise<BenchRow[]> {
  const headers = { Authorization: `Bearer ${jwt}` };
  const detailsUrl = `${apiOrigin}/api/parcels/${CENTRE_PIN}`;
  const parcel = JSON.parse((await expectOk(detailsUrl, headers)).body.toString('utf8')) as { pin: string; owner: string | null; add1: string | null };
  const details = summarize(await sequentialTimings(detailsUrl, headers, SAMPLES));
  const detailsLoad = await load('parcel details', detailsUrl, headers);

  // What a person types: the start of the PIN, a street name, an owner's surname.
  const queries = [parcel.pin.slice(0, 6), parcel.add1?.split(' ').slice(1).join(' '), parcel.owner?.split(/[ ,]+/)[0]].filter(
    (query): query is string => !!query && query.length >= 2,
  );
  const searchTimings: number[] = [];
  for (const query of queries) {
    searchTimings.push(...(await sequentialTimings(`${apiOrigin}/api/parcels/search?q=${encodeURIComponent(query)}`, headers, SEARCH_SAMPLES_PER_QUERY, 3)));
  }
  const search = summarize(searchTimings);
  const section = 'api';
  return [
    atMost(section, 'parcel details p50 (sequential)', round(details.p50, 2), 'ms', 2, `/api/parcels/${CENTRE_PIN}, ${SAMPLES} requests; p95 ${details.p95} ms`),
    ratioRow(section, 'parcel details throughput, 50 conns', detailsLoad.requestsPerSecond, tileRoute.requestsPerSecond, 0.5, 'cached tile route',
      `details ${detailsLoad.requestsPerSecond.toLocaleString('en-US')} req/s (p99 ${detailsLoad.p99Ms} ms), tiles ${tileRoute.requestsPerSecond.toLocaleString('en-US')} req/s`),
    atMost(section, 'search p50 (sequential)', round(search.p50, 2), 'ms', 20, `${queries.map((q) => JSON.stringify(q)).join(', ')}; p95 ${search.p95} ms`),
  ];
}
