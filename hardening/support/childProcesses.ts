// Server processes a check starts: spawned with their output kept for the report, stopped by pid,
// and killed when the runner exits for any reason so no check leaves a server behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { COMPILED_PROGRAMS } from '../../scripts/productServers.mjs';

export const REPO = path.resolve(import.meta.dirname, '../..');
/**
 * Node arguments that run a TypeScript entry point in this process (node --import tsx), not under
 * the tsx binary's wrapper: the pid is the server's, so a kill cannot leave the server orphaned.
 */
export const RUN_TYPESCRIPT = ['--import', 'tsx'];

/**
 * The product's programs as `npm run build` compiles them (scripts/productServers.mjs:
 * COMPILED_PROGRAMS), which hardening/run.ts does before the first check: what a deployment runs, and
 * quicker to start than the sources under tsx, where each import's worker thread first spent half a
 * second compiling the importer.
 */
export const COMPILED = {
  api: path.join(REPO, COMPILED_PROGRAMS.api),
  importCommand: path.join(REPO, COMPILED_PROGRAMS.importCommand),
  seedCommand: path.join(REPO, COMPILED_PROGRAMS.seedCommand),
  identity: path.join(REPO, COMPILED_PROGRAMS.identity),
} as const;

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ServerProcess {
  readonly pid: number;
  /** True until the process exits. */
  isRunning(): boolean;
  /** The last lines it printed (stdout and stderr), for a failure's detail. */
  output(): string;
  /** Resolves when it exits: its exit code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

const KEPT_OUTPUT_CHARS = 4_000;

/** `env` is laid over the runner's environment; an undefined value removes the variable. */
export function startServerProcess(command: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const childEnv = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined));
  const child = spawn(command, args, { cwd: REPO, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command} ${args.join(' ')}`);
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return {
    pid: child.pid,
    isRunning: () => !exited,
    output: () => output,
    exited: exit,
    async stop() {
      if (exited) return;
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(forced);
    },
  };
}

export const SERVER_START_TIMEOUT_MS = 60_000;

/**
 * Polls `url` until it answers 2xx (and, given `readyLine`, the process has printed it: the proof
 * that this process, not another one already on the port, is answering). Throws with the process's
 * output if it exits or the time runs out.
 */
export async function waitUntilAnswering(url: string, server: ServerProcess, timeoutMs = SERVER_START_TIMEOUT_MS, readyLine?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.isRunning()) throw new Error(`the server for ${url} exited:\n${server.output()}`);
    try {
      if ((await fetch(url)).ok && (readyLine === undefined || server.output().includes(readyLine))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${server.output()}`);
}
