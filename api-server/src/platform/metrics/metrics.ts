// The API's Prometheus metrics (GET /metrics, docs/operations.md "Metrics"): Express requests by
// route pattern, method and status with their latency, the fast paths' answers, tile cache lookups,
// the database's load and the import jobs by state. Its own registry, not prom-client's global one,
// so that two servers in one process (tests) count apart. The fast paths only increment a counter
// bound to their route beforehand: no labels computed and no timer per request on them.
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '@parcel-map/database';
import { IMPORT_JOB_STATES, type ImportJob } from '@parcel-map/shared/contracts';
import type { Diagnostics } from '../diagnostics.ts';
import { BEARER } from '../auth/verifyBearer.ts';
import { secretTokenMatcher } from '../auth/secretToken.ts';

const PREFIX = 'parcel_map_';
/** Requests no route matched (404s, refused before routing): one label value, never the raw URL. */
const UNMATCHED_ROUTE = '(unmatched)';
// From a cached answer (~1 ms) to a cold low-zoom tile build or an import upload (seconds).
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsSources {
  db: Db;
  /** How many import jobs are in each state now. */
  importJobStates(): ReadonlyMap<ImportJob['state'], number>;
}

export interface Metrics {
  diagnostics: Diagnostics;
  /** First in the Express app: times each request and counts it under its matched route pattern. */
  timeRequests: RequestHandler;
  /** GET /metrics: the exposition for `Authorization: Bearer <token>`; anyone else gets the app's 404. */
  endpoint(token: string): RequestHandler;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const requestSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Requests answered by Express, by matched route pattern, method and status, and how long they took',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const fastPathAnswers = new Counter({
    name: `${PREFIX}fast_path_responses_total`,
    help: 'Requests answered by a fast path in front of Express (cached tiles, cached parcel details), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const tileCacheLookups = new Counter({
    name: `${PREFIX}tile_cache_lookups_total`,
    help: 'Tile cache lookups on the Express path, by tile set and result (hit or miss: built); fast-path answers are hits not counted here',
    labelNames: ['tile_set', 'result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: `${PREFIX}db_queries`,
    help: 'Database queries running (PostgreSQL: pool connections in use; PGlite: 0 or 1) and waiting (for a pool connection, or for the PGlite session)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { running, waiting } = sources.db.load();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Gauge({
    name: `${PREFIX}import_jobs`,
    help: 'Import jobs the API holds, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const counts = sources.importJobStates();
      for (const state of IMPORT_JOB_STATES) this.set({ state }, counts.get(state) ?? 0);
    },
  });

  // Bound once per route: the fast path's cost is a Map lookup and an increment.
  const fastPathCounters = new Map<string, { inc(): void }>();
  const diagnostics: Diagnostics = {
    fastPathAnswered(route) {
      let counter = fastPathCounters.get(route);
      if (!counter) fastPathCounters.set(route, (counter = fastPathAnswers.labels(route)));
      counter.inc();
    },
    tileCacheLookup(tileSet, hit) {
      tileCacheLookups.inc({ tile_set: tileSet, result: hit ? 'hit' : 'miss' });
    },
  };

  const timeRequests: RequestHandler = (req, res, next) => {
    const started = performance.now();
    // The pattern the request matched ('/api/saved-parcels/:id'), never the URL: bounded label values.
    // Read when the router sets req.route, while req.baseUrl is still the matching router's mount
    // path: a router puts its parent's back when an error leaves it, before the response finishes.
    let route = UNMATCHED_ROUTE;
    let matched: { path: unknown } | undefined;
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => matched,
      set(value: { path: unknown } | undefined) {
        matched = value;
        if (value) route = `${req.baseUrl}${String(value.path)}`;
      },
    });
    res.once('finish', () => {
      requestSeconds.observe({ route, method: req.method, status: String(res.statusCode) }, (performance.now() - started) / 1000);
    });
    next();
  };

  return {
    diagnostics,
    timeRequests,
    endpoint(token) {
      const isMetricsToken = secretTokenMatcher(token);
      return (req, res, next) => {
        const given = BEARER.exec(req.get('authorization') ?? '')?.[1];
        if (given === undefined || !isMetricsToken(given)) {
          next();
          return;
        }
        registry.metrics().then((text) => res.type(registry.contentType).set('cache-control', 'no-store').send(text), next);
      };
    },
  };
}
