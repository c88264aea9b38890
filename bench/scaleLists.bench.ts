// Issue #42's rows at scale (points 2 and 6), part of `npm run bench -- scale` on the generated county
// (generatedParcels.ts): search with typos and town / ZIP code forms typed letter by letter, with the
// intended parcel in the top 5; POST /api/parcels/query with three filters and its exact total, and
// its whole list as CSV (point 5); and other users' details and saved lists while twenty heavy queries
// and whole-list CSVs are in flight.
// Every query is made from generated lots, so each has one parcel it means.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { QUERY_CSV_TYPE, queryCsvCountLine, type ParcelQueryBody, type ParcelQueryResponse, type ParcelSearchResponse, type QueryFilter } from '@parcel-map/shared/contracts';
import { save } from '../hardening/support/savedParcelsClient.ts';
import { generatedLot, generatedPin, RARE_LOTS, rareLotIndex } from './generatedParcels.ts';
import { expectOk, postJson } from './lib/http.ts';
import { atMost, check, round, type BenchRow } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const BUDGET = { typedP50Ms: 20, typedP99Ms: 100, threeFiltersP95Ms: 200, othersP99Ms: 100, wholeListCsvMs: 10_000 };
/** Ordinary lots whose address is typed with a typo, beside the rare lots' owners and streets. */
const ADDRESS_QUERIES = 12;
const TOP = 5;
const QUERY_SAMPLES = 60;
const HEAVY_IN_FLIGHT = 20;
const OTHER_REQUESTS = 200;
const SAVED = 10;

type Headers = Record<string, string>;

interface TypedQuery {
  text: string;
  pin: string;
}

const title = (text: string) => text.toLowerCase().replace(/(^|\s)([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
const SPELLED_TYPES: Record<string, string> = { ST: 'Street', RD: 'Road', LN: 'Lane', DR: 'Drive', CT: 'Court' };

/** One typo in the middle of a word, of four kinds in turn: two letters swapped, one missing, one doubled, one wrong. */
function misspelt(word: string, kind: number): string {
  const at = Math.floor(word.length / 2) - 1;
  const [a, b] = [word[at]!, word[at + 1]!];
  const typo = [
    a === b ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + b + a + word.slice(at + 2),
    word.slice(0, at) + word.slice(at + 1),
    word.slice(0, at + 1) + a + word.slice(at + 1),
    word.slice(0, at) + (a === 'E' ? 'A' : 'E') + word.slice(at + 1),
  ][kind % 4]!;
  return title(typo);
}

/** "132 SADDLE LN" typed with a typo in its longest word, and its town or ZIP code in one of four forms. */
function addressQuery(i: number, count: number, form: number): string {
  const lot = generatedLot(i, count);
  const words = lot.street.split(' ');
  const type = words.pop()!;
  const longest = words.reduce((most, word) => (word.length > most.length ? word : most));
  const street = words.map((word) => (word === longest ? misspelt(word, form) : title(word))).join(' ');
  const town = title(lot.city);
  return [
    `${lot.number} ${street} ${title(type)} ${town.toLowerCase()}`,
    `${lot.number} ${street} ${title(type)}, ${town}`,
    `${town} ${lot.number} ${street} ${SPELLED_TYPES[type] ?? title(type)}`,
    `${lot.number} ${street} ${title(type)} ${lot.zip}`,
  ][form % 4]!;
}

/** The rare lots' owners (a typo in the surname or the first name) and streets, and ordinary lots' addresses spread over the county. */
function typedQueries(count: number): TypedQuery[] {
  const queries: TypedQuery[] = [];
  RARE_LOTS.forEach((rare, k) => {
    const i = rareLotIndex(k, count);
    const [surname, first] = rare.owner.split(' ') as [string, string];
    queries.push({ text: k % 2 === 0 ? `${title(surname)} ${misspelt(first, k)}` : `${misspelt(surname, k)} ${title(first)}`, pin: generatedPin(i) });
    queries.push({ text: addressQuery(i, count, k), pin: generatedPin(i) });
  });
  for (let k = 0; k < ADDRESS_QUERIES; k++) {
    // Lots whose street has a word long enough for a typo to be one (a three-letter word with one missing is another word).
    let i = Math.floor(((k + 0.3) / ADDRESS_QUERIES) * count);
    while (Math.max(...generatedLot(i, count).street.split(' ').slice(0, -1).map((word) => word.length)) < 5) i++;
    queries.push({ text: addressQuery(i, count, k), pin: generatedPin(i) });
  }
  return queries;
}

/**
 * Each query as the box sends it while it is typed, every prefix from three letters; a prefix asked
 * before (an answer the API keeps) is timed once. Then each whole query's first five results.
 */
export async function benchTypedWithTypos(baseUrl: string, headers: () => Promise<Headers>, count: number): Promise<BenchRow[]> {
  const queries = typedQueries(count);
  const prefixes = new Set<string>();
  for (const { text } of queries) for (let end = 3; end <= text.length; end++) prefixes.add(text.slice(0, end).trim());
  const ms: number[] = [];
  for (const prefix of prefixes) ms.push((await expectOk(`${baseUrl}/api/parcels/search?q=${encodeURIComponent(prefix)}`, await headers())).ms);
  const misses: string[] = [];
  for (const { text, pin } of queries) {
    const { results } = JSON.parse((await expectOk(`${baseUrl}/api/parcels/search?q=${encodeURIComponent(text)}&limit=20`, await headers())).body.toString('utf8')) as ParcelSearchResponse;
    const rank = results.findIndex((result) => result.pin === pin) + 1;
    if (rank === 0 || rank > TOP) misses.push(`"${text}" → ${pin} ${rank === 0 ? 'not in the first 20' : `#${rank}`}`);
  }
  const typed = summarize(ms);
  const what = `${prefixes.size} prefixes of ${queries.length} queries (e.g. "${queries[0]!.text}", "${queries[1]!.text}", "${queries.at(-1)!.text}"), none asked before`;
  return [
    atMost('scale', 'search with typos, towns and ZIP codes as typed p50', round(typed.p50, 2), 'ms', BUDGET.typedP50Ms, `${what}; p99 ${typed.p99} ms`),
    atMost('scale', 'search with typos, towns and ZIP codes as typed p99', round(typed.p99, 2), 'ms', BUDGET.typedP99Ms, `the same requests; max ${typed.max} ms`),
    check('scale', `search with typos, towns and ZIP codes: the parcel meant in the top ${TOP}`, misses.length === 0, misses.length === 0 ? `${queries.length} of ${queries.length} whole queries` : misses.join('; ')),
  ];
}

/** Three filters each, of three kinds of field: the record's columns; owner kind, absentee and acres; a kept attribute, a price and towns. */
const THREE_FILTERS: readonly QueryFilter[][] = [
  [
    { field: 'taxacres', op: 'between', value: [1, 5] },
    { field: 'zoning', op: 'in', value: ['R-20', 'RA'] },
    { field: 'sale_date', op: 'between', value: ['2015-01-01', '2020-12-31'] },
  ],
  [
    { field: 'owner_kind', op: 'in', value: ['LLC', 'INC', 'TRUST'] },
    { field: 'absentee', op: '=', value: 'county' },
    { field: 'taxacres', op: '>', value: 2 },
  ],
  [
    { field: 'LANDUSE', op: '=', value: 'AGRICULTURAL' },
    { field: 'sales_price', op: '>=', value: 250_000 },
    { field: 'city', op: 'in', value: ['MOORESVILLE', 'TROUTMAN', 'UNION GROVE'] },
  ],
];
/** The first set's total as SQL counts it on the current data set. */
const FIRST_SET_COUNT = `SELECT count(*)::int AS n FROM parcels p JOIN datasets d ON d.id = p.dataset_id AND d.is_current
  WHERE p.taxacres BETWEEN 1 AND 5 AND p.zoning IN ('R-20', 'RA') AND p.sale_date BETWEEN '2015-01-01' AND '2020-12-31'`;
const SORTS = [{}, { sort: 'taxacres', dir: 'desc' }, { sort: 'sale_date' }, { sort: 'owner' }] as const;

const queryPage = async (baseUrl: string, headers: () => Promise<Headers>, body: ParcelQueryBody) => {
  const response = await postJson(`${baseUrl}/api/parcels/query`, body, await headers());
  if (response.status !== 200) throw new Error(`POST /api/parcels/query answered ${response.status}: ${response.body.toString('utf8').slice(0, 200)}`);
  return { ms: response.ms, answer: JSON.parse(response.body.toString('utf8')) as ParcelQueryResponse };
};

/**
 * A query panel's requests: each set of three filters in each order, page after page. The field
 * catalogue is read once per data version (the first query waits for it): read before the timing.
 */
export async function benchThreeFilters(baseUrl: string, headers: () => Promise<Headers>, databaseUrl: string): Promise<BenchRow[]> {
  const first = await queryPage(baseUrl, headers, { filters: THREE_FILTERS[0]! });
  const totals = [first.answer.total];
  for (const filters of THREE_FILTERS.slice(1)) totals.push((await queryPage(baseUrl, headers, { filters })).answer.total);
  const ms: number[] = [];
  const bySet: number[][] = THREE_FILTERS.map(() => []);
  for (let n = 0; n < QUERY_SAMPLES; n++) {
    const filters = THREE_FILTERS[n % THREE_FILTERS.length]!;
    const order = SORTS[Math.floor(n / THREE_FILTERS.length) % SORTS.length]!;
    const page = Math.floor(n / (THREE_FILTERS.length * SORTS.length));
    const { ms: taken, answer } = await queryPage(baseUrl, headers, { filters, ...order, limit: 20, offset: page * 20 });
    if (answer.total !== totals[n % THREE_FILTERS.length]) throw new Error(`the total of filter set ${n % THREE_FILTERS.length + 1} changed from ${totals[n % THREE_FILTERS.length]} to ${answer.total}`);
    ms.push(taken);
    bySet[n % THREE_FILTERS.length]!.push(taken);
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const counted = await db.query<{ n: number }>(FIRST_SET_COUNT).finally(() => db.end());
  const sqlTotal = counted.rows[0]!.n;
  const timed = summarize(ms);
  return [
    atMost('scale', 'attribute query with three filters p95 (exact total)', round(timed.p95, 2), 'ms', BUDGET.threeFiltersP95Ms,
      `${QUERY_SAMPLES} pages of 20 over 3 sets (acres + zoning + sale date; owner kind + absentee + acres; land use + price + towns) in 4 orders; totals ${totals.map((n) => n.toLocaleString('en-US')).join(', ')}, p95 ${bySet.map((set) => `${summarize(set).p95} ms`).join(', ')}; p50 ${timed.p50} ms, max ${timed.max} ms; first query ${round(first.ms)} ms (reads the field catalogue)`),
    check('scale', 'attribute query total = SQL count', first.answer.total === sqlTotal && totals.every((n) => n > 0), `acres 1–5, zoning R-20 or RA, sold 2015–2020: API ${first.answer.total.toLocaleString('en-US')}, SQL ${sqlTotal.toLocaleString('en-US')}`),
  ];
}

/**
 * The first set of three filters' whole list as CSV (issue #42 point 5: 100,000 rows in 10 s), from the
 * request to its last byte, ordered by owner as a mailing list is; the file holds a header, a line a
 * parcel (the generated county's texts hold no line breaks) and its count line.
 */
export async function benchWholeListCsv(baseUrl: string, headers: () => Promise<Headers>): Promise<BenchRow[]> {
  const body: ParcelQueryBody = { filters: THREE_FILTERS[0]!, sort: 'owner' };
  const { answer } = await queryPage(baseUrl, headers, { ...body, limit: 1 });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/parcels/query`, {
    method: 'POST',
    headers: { ...(await headers()), 'Content-Type': 'application/json', Accept: QUERY_CSV_TYPE },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const lines = text.split('\r\n').filter((line) => line !== '');
  const whole = response.status === 200 && lines.length === answer.total + 2 && `${lines.at(-1)}\r\n` === queryCsvCountLine(answer.total);
  const size = `${answer.total.toLocaleString('en-US')} rows, ${round(text.length / 1024 / 1024, 1)} MB`;
  return [
    atMost('scale', 'whole list as CSV (three filters, by owner), to its last byte', round(ms / 1000, 2), 's', BUDGET.wholeListCsvMs / 1000, size),
    check('scale', 'whole list as CSV: every row and the count line', whole, `${response.status}: ${lines.length.toLocaleString('en-US')} lines for ${size}, last "${lines.at(-1)}"`),
  ];
}

/** A broad query (most of the county, sorted by owner, a page deep in it) or the whole CSV of two zonings. */
const heavyQuery = (n: number): { body: ParcelQueryBody; csv: boolean } =>
  n % 2 === 0
    ? { body: { filters: [{ field: 'taxacres', op: '>', value: 0.1 }], sort: 'owner', limit: 500, offset: Math.floor(Math.random() * 5_000) }, csv: false }
    : { body: { filters: [{ field: 'zoning', op: 'in', value: ['R-20', 'RA'] }] }, csv: true };

/**
 * HEAVY_IN_FLIGHT users each keep one heavy query or whole-list CSV in flight (each user's statements
 * wait in a line of their own at the search gate: twenty lines) while another user opens parcels and
 * their saved list, one request after another. The CSVs are read and thrown away as they arrive, and
 * those still in flight at the end are cut off.
 */
export async function benchHeavyQueries(baseUrl: string, signIn: () => Promise<string>, count: number): Promise<BenchRow[]> {
  const [other, ...heavyUsers] = await Promise.all(Array.from({ length: HEAVY_IN_FLIGHT + 1 }, signIn)) as [string, ...string[]];
  const headers = { Authorization: `Bearer ${other}` };
  for (let k = 0; k < SAVED; k++) {
    const i = Math.floor(((k + 0.7) / SAVED) * count);
    const lot = generatedLot(i, count);
    const detail = JSON.parse((await expectOk(`${baseUrl}/api/parcels/${generatedPin(i)}`, headers)).body.toString('utf8')) as { centroid: { lng: number; lat: number } };
    const saved = await save(baseUrl, other, { parcel_pin: generatedPin(i), parcel_owner_name: lot.owner, parcel_address: `${lot.number} ${lot.street}`, parcel_centroid_lat: detail.centroid.lat, parcel_centroid_lon: detail.centroid.lng });
    if (typeof saved === 'number') throw new Error(`saving ${generatedPin(i)} answered ${saved}`);
  }
  // Parcels not opened before (details are kept per data version), each pass its own.
  const othersPass = async (pass: number) => {
    const ms: number[] = [];
    for (let n = 0; n < OTHER_REQUESTS; n++) {
      const path = n % 2 === 0 ? '/api/saved-parcels' : `/api/parcels/${generatedPin(Math.floor(((n + 0.2 + pass * 0.5) / OTHER_REQUESTS) * count))}`;
      ms.push((await expectOk(`${baseUrl}${path}`, headers)).ms);
    }
    return summarize(ms);
  };
  const quiet = await othersPass(0);

  const stop = new AbortController();
  const statuses = new Map<string, number>();
  const tally = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
  const heavy = heavyUsers.map(async (jwt, n) => {
    while (!stop.signal.aborted) {
      const { body, csv } = heavyQuery(n);
      try {
        const response = await fetch(`${baseUrl}/api/parcels/query`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json', Accept: csv ? QUERY_CSV_TYPE : 'application/json' },
          body: JSON.stringify(body),
          signal: stop.signal,
        });
        await response.body?.pipeTo(new WritableStream());
        tally(`${csv ? 'CSV' : 'query'} ${response.status}`);
      } catch (error) {
        // Told apart from a refusal only here: thrown on, it would go unhandled until the timing ends.
        if (stop.signal.aborted) return;
        tally(`${csv ? 'CSV' : 'query'} failed (${(error as Error).message})`);
        return;
      }
    }
  });
  // Every heavy request sent and begun before the timing.
  await sleep(2_000);
  const during = await othersPass(1);
  stop.abort();
  await Promise.all(heavy);
  const finished = [...statuses].map(([what, n]) => `${what} × ${n}`).join(', ') || 'none finished';
  const refused = [...statuses.keys()].filter((what) => !what.endsWith(' 200'));
  return [
    atMost('scale', `details and saved list p99, ${HEAVY_IN_FLIGHT} heavy queries and CSVs in flight`, round(during.p99, 2), 'ms', BUDGET.othersP99Ms,
      `${OTHER_REQUESTS} requests in turn by another user; p50 ${during.p50} ms, max ${during.max} ms; without them p50 ${quiet.p50} ms, p99 ${quiet.p99} ms; ${HEAVY_IN_FLIGHT} users each with one in flight (half broad queries sorted by owner, half whole CSVs of R-20 and RA), finished meanwhile: ${finished}`),
    check('scale', 'heavy queries and CSVs answered, none refused', refused.length === 0, refused.length === 0 ? finished : `refused: ${refused.join(', ')}`),
  ];
}
