// npm start's supervision (scripts/serverSupervisor.mjs) with real child processes: the first server
// that exits on its own is reported — name, how it ended, its last lines — and nothing else is left running.
import { describe, expect, it } from 'vitest';
import { createServerSupervisor, type UnexpectedExit } from '../../../scripts/serverSupervisor.mjs';

/** A server that keeps running until it is stopped. */
const LONG_RUNNING = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], env: {} };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function supervised() {
  const exits: UnexpectedExit[] = [];
  const supervisor = createServerSupervisor({ cwd: process.cwd(), onUnexpectedExit: (exit) => exits.push(exit) });
  return { supervisor, exits };
}

describe('the server supervisor of npm start', () => {
  it('reports the server that exits on its own with its exit code and last lines', async () => {
    const { supervisor, exits } = supervised();
    const host = supervisor.start({ name: 'host', ...LONG_RUNNING });
    supervisor.start({
      name: 'api-server',
      command: process.execPath,
      // One stream: the order of lines between stdout and stderr is the pipes' race, not the supervisor's.
      args: ['-e', "for (let i = 1; i <= 20; i++) console.error('line ' + i); console.error('DataDirLockedError: in use'); process.exit(3)"],
      env: {},
    });
    await expect.poll(() => exits).toHaveLength(1);
    expect(exits[0]!.name).toBe('api-server');
    expect(exits[0]!.report).toContain('api-server stopped unexpectedly (exit code 3). Its last lines:');
    expect(exits[0]!.report).toContain('  DataDirLockedError: in use');
    expect(exits[0]!.report).toContain('  line 20');
    // The last lines only, not everything it printed.
    expect(exits[0]!.report).not.toContain('line 1\n');
    expect(isAlive(host.pid!)).toBe(true);
    await supervisor.stopAll();
    expect(isAlive(host.pid!)).toBe(false);
    expect(exits).toHaveLength(1);
  });

  it('names the signal that killed a server', async () => {
    const { supervisor, exits } = supervised();
    const api = supervisor.start({ name: 'api-server', ...LONG_RUNNING });
    process.kill(api.pid!, 'SIGKILL');
    await expect.poll(() => exits).toHaveLength(1);
    expect(exits[0]!.report).toBe('api-server stopped unexpectedly (killed by SIGKILL). It printed nothing.');
    await supervisor.stopAll();
  });

  it('reports nothing for the servers it stops itself', async () => {
    const { supervisor, exits } = supervised();
    const servers = ['local-identity', 'api-server', 'host'].map((name) => supervisor.start({ name, ...LONG_RUNNING }));
    await supervisor.stopAll();
    expect(servers.every((server) => !isAlive(server.pid!))).toBe(true);
    expect(exits).toEqual([]);
  });
});
