// deploy/nginx/parcel-map.conf as scripts/renderNginxConfig.mjs renders it for the shared tile cache:
// where the cache lives and how big it may grow, every API instance in the upstream, and the session
// check asked of the API at the path the API answers it on.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_ACCESS_PATH } from '@parcel-map/shared/contracts';
import { renderNginxConfig } from '../../../scripts/renderNginxConfig.mjs';
import { runtimeConfigFromEnv } from '../../../scripts/runtimeConfig.mjs';

describe('the rendered nginx configuration of the shared tile cache', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nginx-tile-cache-'));
    const runtimeConfig = path.join(dir, 'config.json');
    await writeFile(runtimeConfig, JSON.stringify(runtimeConfigFromEnv({ PUBLIC_ORIGIN: 'https://parcels.example.org' })));
    env = { SERVER_NAME: 'parcels.example.org', TLS_CERTIFICATE: '/tls/cert.pem', TLS_CERTIFICATE_KEY: '/tls/key.pem', RUNTIME_CONFIG: runtimeConfig };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the tiles under /var/cache/parcel-map, at most 10 GB, unless told otherwise', () => {
    const cachePaths = (conf: string) => conf.split('\n').filter((line) => line.startsWith('proxy_cache_path '));
    expect(cachePaths(renderNginxConfig(env))[0]).toMatch(/^proxy_cache_path \/var\/cache\/parcel-map\/tiles .* max_size=10g /);
    const placed = cachePaths(renderNginxConfig({ ...env, TILE_CACHE_DIR: '/srv/tile-cache', TILE_CACHE_MAX_SIZE: '200g' }));
    expect(placed).toHaveLength(2);
    expect(placed[0]).toMatch(/^proxy_cache_path \/srv\/tile-cache\/tiles .* max_size=200g /);
    expect(placed[1]).toMatch(/^proxy_cache_path \/srv\/tile-cache\/tile-access /);
    expect(() => renderNginxConfig({ ...env, TILE_CACHE_MAX_SIZE: '10g; evil' })).toThrow("TILE_CACHE_MAX_SIZE may not hold spaces, quotes, braces or ';'");
  });

  it('puts every API instance named in API_UPSTREAM behind the one cache', () => {
    const upstream = /upstream parcel_map_api \{([^}]*)\}/.exec(renderNginxConfig({ ...env, API_UPSTREAM: '10.0.0.1:4000,10.0.0.2:4000' }))?.[1] ?? '';
    expect(upstream.match(/^\s*server \S+;$/gm)?.map((line) => line.trim())).toEqual(['server 10.0.0.1:4000;', 'server 10.0.0.2:4000;']);
  });

  it("sends every request of an import to one instance, which holds the job's upload in memory", () => {
    const conf = renderNginxConfig({ ...env, API_UPSTREAM: '10.0.0.1:4000,10.0.0.2:4000' });
    const importer = /upstream parcel_map_importer \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(importer.match(/^\s*server \S+;$/gm)?.map((line) => line.trim())).toEqual(['server 10.0.0.1:4000;']);
    // A prefix location nginx prefers to the API's regular expression location.
    expect(/location \^~ \/api\/admin\/imports \{[^}]*proxy_pass http:\/\/parcel_map_importer;/.test(conf)).toBe(true);
  });

  it("asks the API's tile access check before a cached county data tile", () => {
    expect(renderNginxConfig(env)).toContain(`proxy_pass http://parcel_map_api${TILE_ACCESS_PATH};`);
  });
});
