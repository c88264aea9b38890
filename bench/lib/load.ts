// autocannon at 50 connections for a fixed time: the load every throughput row is measured with.
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

export interface LoadRun {
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function load(target: string, url: string, headers: Record<string, string> = {}): Promise<LoadRun> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const run = {
    target,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  if (run.non2xx > 0 || run.errors > 0) throw new Error(`${target}: ${run.non2xx} non-2xx answers and ${run.errors} errors under load`);
  return run;
}
