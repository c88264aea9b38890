// Child processes of the benchmark: each server runs in its own process, as in production, and is
// stopped by its own pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { API_NODE_FLAGS } from '../../scripts/apiNodeFlags.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Started {
  child: ChildProcess;
  /** ms from spawn to the ready line. */
  readyMs: number;
}

/** Runs a TypeScript entry with tsx; resolves when stdout prints `readyText`. */
export function startTsProcess(args: string[], env: Record<string, string>, readyText: string, timeoutMs: number): Promise<Started> {
  return startProcess(process.execPath, ['--import', 'tsx', ...args], env, readyText, timeoutMs);
}

/**
 * As `npm start` runs it: the demo seed (county-data) on a PGlite directory, then the API server with
 * the Node.js flags `npm start` gives it; `readyMs` from the seed's start to the API's ready line.
 */
export async function startApiProcess(port: number, pgliteDir: string, timeoutMs: number, env: Record<string, string> = {}): Promise<Started> {
  const started = performance.now();
  const seed = spawn(process.execPath, ['--import', 'tsx', 'county-data/src/cli/seedDemoCli.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: pgliteDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the demo seed exited with ${code}`);
  const api = await startTsProcess([...API_NODE_FLAGS, 'api-server/src/app/server.ts'], { PORT: String(port), DATA_DIR: pgliteDir, LOG_LEVEL: 'warn', ...env }, 'API listening', timeoutMs);
  return { child: api.child, readyMs: performance.now() - started };
}

export function startProcess(command: string, args: string[], env: Record<string, string>, readyText: string, timeoutMs: number): Promise<Started> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${args.at(-1)} not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
      output = (output + chunk.toString('utf8')).slice(-4096);
      if (output.includes(readyText)) {
        clearTimeout(timer);
        output = '';
        resolve({ child, readyMs: performance.now() - started });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}`));
    });
  });
}

/** SIGTERM, then wait for the exit (a PGlite directory is free only once its process is gone). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
