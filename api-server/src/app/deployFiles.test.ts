// deploy/systemd (issue #27 point 7): the unit and the example settings the operations guide tells an
// operator to install must run the API as `npm run start:prod` does, and name only settings it reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../../../scripts/apiNodeFlags.mjs';
import { parseApiConfig } from './config.ts';

const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy/systemd');
/** Seconds the API may take to close its database after the grace period (server.ts). */
const DATABASE_CLOSE_SECONDS = 5;
/** Variables the API refuses without others: behind a proxy it must know its public address. */
const REQUIRED_WITH: Record<string, string[]> = { TRUST_PROXY: ['PUBLIC_BASE_URL'] };

/** KEY=value lines, without comments and blank lines. */
function readEnvFile(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

/** The [Service] settings of a unit file, each key with its values in order. */
function serviceSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let inService = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('[')) inService = line.trim() === '[Service]';
    else if (inService && line.includes('=') && !line.startsWith('#')) {
      const key = line.slice(0, line.indexOf('='));
      settings.set(key, [...(settings.get(key) ?? []), line.slice(line.indexOf('=') + 1)]);
    }
  }
  return settings;
}

describe('deploy/systemd', () => {
  const example = readEnvFile(path.join(DEPLOY, 'api.env.example'));
  const unit = serviceSettings(path.join(DEPLOY, 'parcel-map-api.service'));

  it('api.env.example is a valid API configuration', () => {
    const config = parseApiConfig(example);
    expect(config.databaseUrl).toBe(example.DATABASE_URL);
    expect(config.jwksUrl).toContain(example.STYTCH_PROJECT_ID);
    expect(config.metricsToken).toBe(example.METRICS_TOKEN);
  });

  it('names only variables the API reads: each one, with those it requires, changes its configuration', () => {
    for (const [name, value] of Object.entries(example)) {
      const required = Object.fromEntries((REQUIRED_WITH[name] ?? []).map((other) => [other, example[other]]));
      expect(parseApiConfig({ ...required, [name]: value }), name).not.toEqual(parseApiConfig(required));
    }
  });

  it('starts the built API with the API node options and NODE_ENV=production, restarting it when it fails', () => {
    expect(unit.get('ExecStart')).toEqual([`/usr/bin/node ${API_NODE_FLAGS.join(' ')} api-server/dist/server.js`]);
    expect(unit.get('Environment')).toContain('NODE_ENV=production');
    expect(unit.get('Restart')).toEqual(['on-failure']);
  });

  it('waits out the shutdown grace period and the database close before killing the API', () => {
    const graceSeconds = parseApiConfig(example).shutdownGraceMs / 1000;
    expect(Number(unit.get('TimeoutStopSec')?.[0])).toBeGreaterThan(graceSeconds + DATABASE_CLOSE_SECONDS);
  });

  it('lets the API write where its settings put data and imports', () => {
    const writable = unit.get('ReadWritePaths')?.join(' ').split(' ') ?? [];
    for (const name of ['DATA_DIR', 'IMPORT_WORK_DIR']) {
      expect(writable.some((dir) => example[name]!.startsWith(`${dir}/`)), name).toBe(true);
    }
  });
});
