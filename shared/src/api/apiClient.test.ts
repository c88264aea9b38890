import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { network, setupFakeNetwork } from '../testing/fakeNetwork.ts';
import { apiRequest, ApiError, authenticatedFetch, SERVER_UNREACHABLE_MESSAGE, SESSION_TOKEN_HEADER } from './apiClient.ts';

const base = { baseUrl: 'http://api.test', path: '/api/thing', token: 'jwt-1' };
const THING = 'http://api.test/api/thing';

setupFakeNetwork();

/** The server answers /api/thing with `body` and `status`; returns the requests it received. */
function respondWith(body: string, status = 200) {
  const received: Request[] = [];
  network.use(
    http.all(THING, ({ request }) => {
      received.push(request);
      return new HttpResponse(status === 204 ? null : body, { status });
    }),
  );
  return received;
}

/** The server takes the request and never answers. */
function hang() {
  network.use(http.all(THING, () => delay('infinite')));
}

describe('apiRequest', () => {
  it('sends the bearer token, the extra token header and credentials', async () => {
    const received = respondWith('{"ok":true}');
    await expect(apiRequest(base)).resolves.toEqual({ ok: true });
    expect(received).toHaveLength(1);
    const [request] = received as [Request];
    expect(request.url).toBe(THING);
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(request.headers.get(SESSION_TOKEN_HEADER)).toBe('jwt-1');
  });

  it('asks for another type when told, and gives its body back as text (a CSV)', async () => {
    const received = respondWith('pin,owner\r\n1,ANN\r\n# 1 row\r\n');
    await expect(apiRequest({ ...base, method: 'POST', body: {}, accept: 'text/csv' })).resolves.toBe('pin,owner\r\n1,ANN\r\n# 1 row\r\n');
    expect(received[0]!.headers.get('Accept')).toBe('text/csv');
  });

  it("refuses an authenticated call without a token: 'User not authenticated'", async () => {
    const received = respondWith('{}');
    await expect(apiRequest({ ...base, token: null, requireAuth: true })).rejects.toThrow('User not authenticated');
    expect(received).toEqual([]);
  });

  it("maps 401 to 'Authentication required'", async () => {
    respondWith('{"message":"nope"}', 401);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'Authentication required', status: 401 });
  });

  it("uses the server's message, else 'API error: {status}', keeping the status", async () => {
    respondWith('{"message":"Parcel not found"}', 404);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'Parcel not found', status: 404 });
    respondWith('<html>bad gateway</html>', 502);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'API error: 502', status: 502 });
  });

  it('returns nothing for 204', async () => {
    respondWith('', 204);
    await expect(apiRequest({ ...base, method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('rejects empty and invalid JSON bodies with the spec messages', async () => {
    respondWith('');
    await expect(apiRequest(base)).rejects.toThrow('Empty response received from API');
    respondWith('{not json');
    await expect(apiRequest(base)).rejects.toThrow('Invalid JSON response');
  });

  it('times out with the spec message', async () => {
    hang();
    const error = await apiRequest({ ...base, timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request timed out. The server took too long to respond.');
  });
});

describe('apiRequest, server not reached', () => {
  it("replaces the browser's network error text with one message", async () => {
    network.use(http.all(THING, () => HttpResponse.error()));
    const error = await apiRequest(base).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(SERVER_UNREACHABLE_MESSAGE);
  });

  it("passes the caller's own abort through unchanged", async () => {
    const controller = new AbortController();
    hang();
    const pending = apiRequest({ ...base, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('apiRequest, status kept', () => {
  it('keeps the status on empty and invalid JSON answers', async () => {
    respondWith('', 200);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'Empty response received from API', status: 200 });
    respondWith('{"parcels": [', 200);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'Invalid JSON response', status: 200 });
  });

  it('sends a JSON body with its content type and the method', async () => {
    const received = respondWith('{"id":1}', 201);
    await apiRequest({ ...base, method: 'POST', body: { notes: null } });
    const [request] = received as [Request];
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe('{"notes":null}');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });
});

describe('authenticatedFetch (SPEC §8 authenticated fetch failure)', () => {
  it('returns the response itself with the token headers and credentials', async () => {
    const received = respondWith('pin,owner\r\n', 200);
    const response = await authenticatedFetch(base);
    await expect(response.text()).resolves.toBe('pin,owner\r\n');
    const [request] = received as [Request];
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(request.headers.get(SESSION_TOKEN_HEADER)).toBe('jwt-1');
  });

  it("uses the server's message, else 'Request failed with status {status}'", async () => {
    respondWith('{"message":"Export not allowed"}', 403);
    await expect(authenticatedFetch(base)).rejects.toMatchObject({ message: 'Export not allowed', status: 403 });
    respondWith('gateway down', 503);
    await expect(authenticatedFetch(base)).rejects.toMatchObject({ message: 'Request failed with status 503', status: 503 });
  });

  it("always needs a token and maps 401 to 'Authentication required'", async () => {
    const received = respondWith('{}');
    await expect(authenticatedFetch({ ...base, token: null })).rejects.toThrow('User not authenticated');
    expect(received).toEqual([]);
    respondWith('{}', 401);
    await expect(authenticatedFetch(base)).rejects.toMatchObject({ message: 'Authentication required', status: 401 });
  });
});
