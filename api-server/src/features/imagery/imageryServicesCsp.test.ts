// The host page's Content-Security-Policy follows the imagery services added: scripts/serveApp.mjs
// (as `npm start` runs it) against a running API allows a service's origin in img-src and
// connect-src once it is added, not before, and no longer once it is removed; nginx's policy names
// the origins the operator gives it in IMAGERY_SERVICE_ORIGINS.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNginxConfig } from '../../../../scripts/renderNginxConfig.mjs';
import { runtimeConfigFromEnv } from '../../../../scripts/runtimeConfig.mjs';
import { rawRequest, startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';

const SERVE_APP = path.resolve(import.meta.dirname, '../../../../scripts/serveApp.mjs');
const BOUNDS = [-71.16, 42.35, -71.06, 42.41];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The policy's directives, each a list of its sources. */
function directives(header: string | string[] | undefined): Map<string, string[]> {
  return new Map(String(header ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...sources]) => [name!, sources]));
}

describe('the host page\'s CSP and the imagery services', () => {
  let app: TestApp;
  let admin: string;
  let dist: string;
  let host: ChildProcess;
  let hostUrl: string;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
    dist = await mkdtemp(path.join(tmpdir(), 'csp-host-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Parcel Map</title>');
    const port = await freePort();
    hostUrl = `http://127.0.0.1:${port}`;
    host = spawn(process.execPath, [SERVE_APP, dist, String(port), 'host'], { env: { ...process.env, API_BASE_URL: app.baseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      host.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('served on') && resolve());
      host.once('exit', (code) => reject(new Error(`serveApp exited with ${code}`)));
    });
  }, 60_000);
  afterAll(async () => {
    host?.kill('SIGTERM');
    await app?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const pagePolicy = async (page = '/') => directives((await rawRequest(`${hostUrl}${page}`)).headers['content-security-policy']);
  const add = (label: string, url: string) =>
    app.request('/api/admin/imagery-services', { method: 'POST', token: admin, body: { kind: 'xyz', url, label, bounds: BOUNDS } });

  it('allows a service\'s origin for images and fetches once it is added, on every page, and not before nor after its removal', async () => {
    const county = 'https://tiles.county.example';
    const other = 'http://127.0.0.1:9';
    const before = await pagePolicy();
    expect(before.get('img-src')).toContain(app.baseUrl);
    for (const directive of ['img-src', 'connect-src']) {
      expect(before.get(directive)).not.toContain(county);
      expect(before.get(directive)).not.toContain(other);
    }

    expect((await add('County Ortho', `${county}/ortho/{z}/{x}/{y}.png`)).status).toBe(201);
    expect((await add('Other', `${other}/{z}/{x}/{y}.png`)).status).toBe(201);
    for (const page of ['/', '/login', '/index.html']) {
      const policy = await pagePolicy(page);
      for (const directive of ['img-src', 'connect-src']) expect({ page, directive, sources: policy.get(directive) }).toEqual({ page, directive, sources: expect.arrayContaining([county, other]) });
      // Nothing else gains it: no script, style, frame or font from a tile service.
      for (const directive of ['script-src', 'style-src', 'font-src', 'frame-src', 'default-src']) expect(policy.get(directive)).not.toContain(county);
    }

    expect((await app.request('/api/admin/imagery-services/county-ortho', { method: 'DELETE', token: admin })).status).toBe(204);
    const after = await pagePolicy();
    expect(after.get('img-src')).not.toContain(county);
    expect(after.get('connect-src')).not.toContain(county);
    expect(after.get('img-src')).toContain(other);
  });
});

describe('the nginx site\'s CSP and the imagery services', () => {
  it('allows for images and fetches the origins in IMAGERY_SERVICE_ORIGINS, and refuses one that is not an origin', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'csp-nginx-'));
    try {
      const runtimeConfig = path.join(dir, 'config.json');
      await writeFile(runtimeConfig, JSON.stringify(runtimeConfigFromEnv({ PUBLIC_ORIGIN: 'https://parcels.example.org' })));
      const env = { SERVER_NAME: 'parcels.example.org', TLS_CERTIFICATE: '/tls/cert.pem', TLS_CERTIFICATE_KEY: '/tls/key.pem', RUNTIME_CONFIG: runtimeConfig };
      const policyOf = (conf: string) => directives(/default "([^"]*default-src[^"]+)"/.exec(conf)?.[1]);
      const without = policyOf(renderNginxConfig(env));
      expect(without.get('img-src')).not.toContain('https://tiles.county.example');
      const withServices = policyOf(renderNginxConfig({ ...env, IMAGERY_SERVICE_ORIGINS: 'https://tiles.county.example http://gis.town.example:8080' }));
      for (const directive of ['img-src', 'connect-src']) expect(withServices.get(directive)).toEqual(expect.arrayContaining(['https://tiles.county.example', 'http://gis.town.example:8080']));
      expect(withServices.get('script-src')).not.toContain('https://tiles.county.example');
      expect(() => renderNginxConfig({ ...env, IMAGERY_SERVICE_ORIGINS: 'https://tiles.county.example/ortho/{z}/{x}/{y}.png' })).toThrow(
        "IMAGERY_SERVICE_ORIGINS holds 'https://tiles.county.example/ortho/{z}/{x}/{y}.png', which is not an origin such as https://tiles.county.example",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
