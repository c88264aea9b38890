import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity | undefined;
afterEach(() => identity?.close());

/** A GET with the Host header set by hand (fetch does not let a caller choose it). */
function getWithHost(baseUrl: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host check', () => {
  it('answers requests addressed to a loopback name, and refuses any other Host (DNS rebinding)', async () => {
    identity = await startTestIdentity();
    const { port } = new URL(identity.baseUrl);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await getWithHost(identity.baseUrl, '/dev/outbox?format=json', host)).status).toBe(200);
    }
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`]) {
      for (const path of ['/dev/outbox?format=json', '/sdk/v1/projects/bootstrap/public-token-test-local', '/v1/sessions/jwks/project-test-local']) {
        const refused = await getWithHost(identity.baseUrl, path, host);
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.body)).toMatchObject({ error_type: 'host_not_allowed' });
      }
    }
  });
});
