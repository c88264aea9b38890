// The API keeps idle connections open longer than nginx keeps its idle upstream connections
// (deploy/nginx/parcel-map.conf), so nginx never sends a request on a connection the API is closing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { testConfig } from '../testing/testApp.ts';
import { createApiServer, type ApiServer } from './createApp.ts';

const NGINX_CONF = path.resolve(import.meta.dirname, '../../../deploy/nginx/parcel-map.conf');

/** The upstream block's keepalive_timeout, in milliseconds. */
function nginxUpstreamKeepAliveMs(): number {
  const upstream = /^upstream parcel_map_api \{\n([\s\S]*?)\n\}/m.exec(readFileSync(NGINX_CONF, 'utf8'))?.[1] ?? '';
  const seconds = /keepalive_timeout\s+(\d+)s;/.exec(upstream)?.[1];
  if (seconds === undefined) throw new Error('the upstream block sets no keepalive_timeout (nginx would use its default, 60 s)');
  return Number(seconds) * 1000;
}

describe('keep-alive behind nginx', () => {
  let db: Db;
  let api: ApiServer;
  beforeAll(async () => {
    db = await openTestDb();
    api = createApiServer({ db, config: testConfig(), logger: pino({ level: 'silent' }) });
  });
  afterAll(() => db.close());

  it('closes idle connections only after nginx has, and waits for headers as long', () => {
    expect(api.server.keepAliveTimeout).toBeGreaterThan(nginxUpstreamKeepAliveMs());
    expect(api.server.headersTimeout).toBeGreaterThan(api.server.keepAliveTimeout);
  });
});
