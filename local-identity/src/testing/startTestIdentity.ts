// Test support: a real identity server on a free port with a temp DATA_DIR and a settable clock.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseIdentityConfig, type IdentityConfig } from '../config.ts';
import { createIdentityApp } from '../createIdentityApp.ts';
import { loadOrCreateSigningKey, type SigningKey } from '../keys/signingKeys.ts';
import { addMinutes } from '../time/stytchTime.ts';

export interface TestIdentity {
  baseUrl: string;
  config: IdentityConfig;
  signingKey: SigningKey;
  /** Outbox lines the server printed. */
  printedLines: string[];
  advanceClock(minutes: number): void;
  close(): Promise<void>;
}

export function makeTempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'local-identity-test-'));
}

/** Without `dataDir`, a fresh temp directory is used and removed again on close. */
export async function startTestIdentity(
  { dataDir, env = {} }: { dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TestIdentity> {
  const ownedDataDir = dataDir === undefined ? makeTempDataDir() : undefined;
  const config = parseIdentityConfig({ DATA_DIR: dataDir ?? ownedDataDir, PORT: '0', ...env });
  const signingKey = await loadOrCreateSigningKey(config.dataDir);
  let currentTime = new Date();
  const printedLines: string[] = [];
  const app = createIdentityApp({
    config,
    signingKey,
    logger: pino({ level: 'silent' }),
    now: () => currentTime,
    printLine: (line) => printedLines.push(line),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    signingKey,
    printedLines,
    advanceClock(minutes) {
      currentTime = addMinutes(currentTime, minutes);
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      if (ownedDataDir) fs.rmSync(ownedDataDir, { recursive: true, force: true });
    },
  };
}
