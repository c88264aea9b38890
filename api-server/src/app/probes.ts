// What a supervisor or load balancer asks: GET /health — the process answers (and whether the tiles
// are warm and the query column index built, which the benchmarks wait for) — and GET /ready — it can serve: the database (and the read
// replica, when it has one) answers a query and the current data version is loaded for tiles (its
// parcels in memory, or with PostGIS its extent read). 503 with the reason otherwise.
import { Router } from 'express';
import type { Db } from '@parcel-map/database';

/** A database that has not answered `SELECT 1` by then is as good as down for a load balancer. */
const DATABASE_PROBE_TIMEOUT_MS = 2_000;

interface HealthReport {
  status: 'ok';
  /** The current data version is loaded for tile builds (from memory: a few seconds after a start or an import for a county). */
  tilesWarm: boolean;
  /** Attribute queries are answered from the column index of the current parcels (after the tiles are warm; the database answers them meanwhile). */
  queryColumns: boolean;
}

interface ReadinessReport {
  ready: boolean;
  database: boolean;
  tilesWarm: boolean;
  /** Why not, when not ready. */
  message?: string;
}

export interface ProbesOptions {
  db: Db;
  /** Where the reads go (CreateAppOptions.readDb): an instance whose replica is down cannot serve. */
  readDb: Db;
  tilesWarm(): boolean;
  queryColumnsReady(): boolean;
}

export function probesRouter({ db, readDb, tilesWarm, queryColumnsReady }: ProbesOptions): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    // The column index is built once the tiles are warm (a query asking sooner starts it sooner): the two
    // reads of every parcel, one after the other, each have the cores to itself.
    const warm = tilesWarm();
    res.json({ status: 'ok', tilesWarm: warm, queryColumns: warm && queryColumnsReady() } satisfies HealthReport);
  });
  router.get('/ready', async (_req, res) => {
    const database = (await Promise.all([databaseAnswers(db), readDb === db || databaseAnswers(readDb)])).every(Boolean);
    const warm = tilesWarm();
    const report: ReadinessReport = { ready: database && warm, database, tilesWarm: warm };
    if (!database) report.message = 'the database does not answer';
    else if (!warm) report.message = 'the current data version is not loaded for tiles yet';
    res.status(report.ready ? 200 : 503).set('cache-control', 'no-store').json(report);
  });
  return router;
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(resolve, DATABASE_PROBE_TIMEOUT_MS, false)));
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true, () => false), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
