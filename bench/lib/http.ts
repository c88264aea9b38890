// Plain node:http requests for the benchmarks: no client library between the timer and the socket.
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Response {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Time to the last byte. */
  ms: number;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return send(url, { headers });
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return send(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

function send(url: string, options: { method?: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks), ms: performance.now() - started }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end(options.body);
  });
}

/** Sequential timings of one GET after a warm-up: latency without queueing. */
export async function sequentialTimings(url: string, headers: Record<string, string>, samples: number, warmup = 10): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await expectOk(url, headers);
  const timings: number[] = [];
  for (let i = 0; i < samples; i++) timings.push((await expectOk(url, headers)).ms);
  return timings;
}

export async function expectOk(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await get(url, headers);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${response.body.toString('utf8').slice(0, 200)}`);
  return response;
}
