// How `npm start` keeps its servers: each one's output passes through to the terminal with its last
// lines kept, and the first server that exits on its own stops the whole product — `npm start` says
// which server, how it ended and what it printed last, and exits non-zero, never leaving the rest
// running around a dead server (a map that signs users in and then fails: docs/decisions.md).
import { spawn } from 'node:child_process';

/** The lines of a server's output kept for the report of its exit. */
const KEPT_LINES = 15;
/** How long the servers get to stop on SIGTERM (the API's requests' grace included) before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * `cwd`: where servers start. `onUnexpectedExit(report)`: called once, for the first server that exits
 * without having been asked to, with a report of it (several lines) and the server's name.
 */
export function createServerSupervisor({ cwd, onUnexpectedExit }) {
  const running = new Map();
  let stopping = false;

  return {
    /** Starts `command args` with `env` laid over this process's environment; answers its pid. */
    start({ name, command, args, env }) {
      const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      const tail = keptTail();
      child.stdout.on('data', (chunk) => {
        process.stdout.write(chunk);
        tail.add(chunk);
      });
      child.stderr.on('data', (chunk) => {
        process.stderr.write(chunk);
        tail.add(chunk);
      });
      running.set(child, name);
      child.once('error', (error) => tail.add(Buffer.from(`${error.message}\n`)));
      child.once('close', (code, signal) => {
        running.delete(child);
        if (stopping) return;
        stopping = true;
        const how = signal ? `killed by ${signal}` : `exit code ${code}`;
        const lines = tail.lines();
        onUnexpectedExit({
          name,
          report: `${name} stopped unexpectedly (${how}).` + (lines.length > 0 ? ` Its last lines:\n${lines.map((line) => `  ${line}`).join('\n')}` : ' It printed nothing.'),
        });
      });
      return { pid: child.pid };
    },
    /** SIGTERM to every server still running; SIGKILL to those still running STOP_TIMEOUT_MS later. Resolves once all are gone. */
    async stopAll() {
      stopping = true;
      const children = [...running.keys()];
      const gone = Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('close', resolve)))));
      for (const child of children) child.kill('SIGTERM');
      const forced = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(forced);
    },
  };
}

/** The last KEPT_LINES lines of what a server printed. */
function keptTail() {
  let text = '';
  return {
    add(chunk) {
      text = (text + chunk.toString('utf8')).split('\n').slice(-(KEPT_LINES + 1)).join('\n');
    },
    lines: () => text.split('\n').filter((line) => line.trim() !== '').slice(-KEPT_LINES),
  };
}
