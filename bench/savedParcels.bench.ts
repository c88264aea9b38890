// Saved-parcel list for a user with 10,000 saved parcels (issue #6: under 50 ms server-side).
// Runs the real server (createApiServer, JWT verification, JSON) on PGlite, or on PostgreSQL when
// TEST_DATABASE_URL is set, with 10,000 rows for the measured user and 10,000 for 20 others.
// A child process per database mode (TEST_DATABASE_URL, read once at start): `npm run bench`
// runs it through savedParcelsModes.ts and reads the BENCH_RESULT line.
//   npx tsx bench/savedParcels.bench.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/savedParcels.bench.ts
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../api-server/src/testing/testApp.ts';
import { testDatabaseUrl, testDbMode } from '../database/src/testing/openTestDb.ts';
import { migrate } from '../database/src/migrate.ts';
import { openPgDb } from '../database/src/pgDb.ts';
import { openPgliteDb } from '../database/src/pgliteDb.ts';
import { createSavedParcelsRepository } from '../api-server/src/features/savedParcels/savedParcelsRepository.ts';
import { publishDatasetVersion } from '../county-data/src/publish/datasetVersions.ts';
import { parcelTableOf } from '../county-data/src/publish/parcelVersionTables.ts';
import { summarize as summary } from './lib/stats.ts';

const ROWS_FOR_USER = 10_000;
const OTHER_USERS = 20;
const ROWS_PER_OTHER_USER = 500;
const WARMUP = 5;
const SAMPLES = 40;
const BUDGET_MS = 50;

/** Time to the last byte of one GET, body discarded: what the server costs, plus loopback. */
function timedGet(url: string, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ ms: performance.now() - started, bytes, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}


async function main() {
  // Its own database: the test runs' copies are made by Vitest, which does not run this.
  const db = testDatabaseUrl ? await openPgDb(testDatabaseUrl, { max: 4 }) : await openPgliteDb();
  await migrate(db);
  const app = await startTestApp({ db });
  try {
    const parcelCount = ROWS_FOR_USER + 100;
    await publishDatasetVersion(app.db, { name: 'bench', sourceName: 'bench', licence: 'CC0', asOf: null }, async (tx, datasetId) => {
      await tx.query(
        `INSERT INTO ${parcelTableOf(datasetId)} (pin, owner, add1, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
         SELECT 'B' || lpad(n::text, 9, '0'), 'OWNER ' || n, n || ' BENCH RD',
                '{"type":"Polygon","coordinates":[[[-80.9,35.6],[-80.89,35.6],[-80.89,35.61],[-80.9,35.6]]]}'::jsonb,
                -80.895, 35.605, -80.9, 35.6, -80.89, 35.61, $2
         FROM generate_series(1, $1::int) AS n`,
        [parcelCount, datasetId],
      );
      return { rejected: 0 };
    });
    const insertSaved = (userId: string, rows: number, offset: number) =>
      app.db.query(
        `INSERT INTO saved_parcels (user_id, parcel_pin, parcel_owner_name, parcel_address, parcel_centroid_lat, parcel_centroid_lon, notes)
         SELECT $1, 'B' || lpad(n::text, 9, '0'), 'OWNER ' || n, n || ' BENCH RD', 35.605, -80.895,
                CASE WHEN n % 3 = 0 THEN NULL ELSE repeat('note ', 20) END
         FROM generate_series($2::int, $3::int) AS n`,
        [userId, offset + 1, offset + rows],
      );
    // Interleave the other users' rows with the measured user's, as real traffic would.
    for (let u = 0; u < OTHER_USERS; u++) await insertSaved(`bench-other-${u}`, ROWS_PER_OTHER_USER, u * ROWS_PER_OTHER_USER);
    await insertSaved('bench-user', ROWS_FOR_USER, 0);
    await app.db.query('ANALYZE saved_parcels');

    const { rows: plan } = await app.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM saved_parcels WHERE user_id = $1 ORDER BY id DESC`,
      ['bench-user'],
    );
    const token = await app.identity.sign('bench-user');
    const url = `${app.baseUrl}/api/saved-parcels`;

    const first = await timedGet(url, token);
    if (first.status !== 200) throw new Error(`GET /api/saved-parcels answered ${first.status}`);
    for (let i = 0; i < WARMUP; i++) await timedGet(url, token);
    const http: number[] = [];
    for (let i = 0; i < SAMPLES; i++) http.push((await timedGet(url, token)).ms);

    const repository = createSavedParcelsRepository(app.db);
    const query: number[] = [];
    let listJson = '[]';
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      listJson = await repository.listByUserAsJson('bench-user');
      query.push(performance.now() - started);
    }
    const listed = (JSON.parse(listJson) as unknown[]).length;

    const httpSummary = summary(http);
    const result = {
      name: 'saved-parcels list, 10,000 rows for the user',
      dbMode: testDbMode,
      rowsListed: listed,
      responseBytes: first.bytes,
      httpMs: httpSummary,
      queryMs: summary(query),
      budgetMs: BUDGET_MS,
      withinBudget: httpSummary.p50 <= BUDGET_MS,
      plan: plan.map((row) => row['QUERY PLAN']),
    };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
    console.log(
      `\nsaved-parcels list (${testDbMode}): ${listed} rows, ${(first.bytes / 1024).toFixed(0)} KB — ` +
        `HTTP p50 ${httpSummary.p50} ms, p95 ${httpSummary.p95} ms; query p50 ${result.queryMs.p50} ms ` +
        `(budget ${BUDGET_MS} ms: ${result.withinBudget ? 'met' : 'MISSED'})`,
    );
  } finally {
    await app.close();
  }
}

await main();
