import { afterEach, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity | undefined;
afterEach(() => identity?.close());

function preflight(baseUrl: string, origin: string): Promise<Response> {
  return fetch(`${baseUrl}/sdk/v1/sessions/authenticate`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-sdk-client,x-sdk-parent-host',
    },
  });
}

describe('CORS on /sdk', () => {
  it('answers the SDK preflight with the reflected origin, credentials and its headers', async () => {
    identity = await startTestIdentity();
    const response = await preflight(identity.baseUrl, 'http://localhost:3000');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    const allowedHeaders = response.headers.get('access-control-allow-headers')?.split(/,\s*/);
    expect(allowedHeaders).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-sdk-client', 'x-sdk-parent-host']));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it('reflects the origin on ordinary responses too', async () => {
    identity = await startTestIdentity();
    const response = await fetch(`${identity.baseUrl}/sdk/v1/projects/bootstrap/public-token-test-local`, {
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives no CORS grant to an origin outside ALLOWED_ORIGINS', async () => {
    identity = await startTestIdentity({ env: { ALLOWED_ORIGINS: 'http://localhost:3000' } });
    const refused = await preflight(identity.baseUrl, 'http://evil.test');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await preflight(identity.baseUrl, 'http://localhost:3000');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it("by default grants CORS to the front end's origins only, never to any other page", async () => {
    identity = await startTestIdentity();
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:3000.evil.example', 'http://127.0.0.1:9999']) {
      const refused = await preflight(identity.baseUrl, origin);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(refused.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
