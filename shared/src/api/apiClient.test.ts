import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, authenticatedFetch, SERVER_UNREACHABLE_MESSAGE, SESSION_TOKEN_HEADER } from './apiClient.ts';

const base = { baseUrl: 'http://api.test', path: '/api/thing', token: 'jwt-1' };

function respondWith(body: string, status = 200) {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends the bearer token, the extra token header and credentials', async () => {
    const fetchMock = respondWith('{"ok":true}');
    await expect(apiRequest(base)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe('http://api.test/api/thing');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer jwt-1', [SESSION_TOKEN_HEADER]: 'jwt-1' });
  });

  it("refuses an authenticated call without a token: 'User not authenticated'", async () => {
    const fetchMock = respondWith('{}');
    await expect(apiRequest({ ...base, token: null, requireAuth: true })).rejects.toThrow('User not authenticated');
    expect(fetchMock).not.toHaveBeenCalled();
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
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: URL, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const error = await apiRequest({ ...base, timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request timed out. The server took too long to respond.');
  });
});

describe('apiRequest, server not reached', () => {
  it("replaces the browser's network error text with one message", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiRequest(base).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(SERVER_UNREACHABLE_MESSAGE);
  });

  it("passes the caller's own abort through unchanged", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: URL, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const pending = apiRequest({ ...base, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('apiRequest, status kept', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the status on empty and invalid JSON answers', async () => {
    respondWith('', 200);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'Empty response received from API', status: 200 });
    respondWith('{"parcels": [', 200);
    await expect(apiRequest(base)).rejects.toMatchObject({ message: 'Invalid JSON response', status: 200 });
  });

  it('sends a JSON body with its content type and the method', async () => {
    const fetchMock = respondWith('{"id":1}', 201);
    await apiRequest({ ...base, method: 'POST', body: { notes: null } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"notes":null}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });
});

describe('authenticatedFetch (SPEC §8 authenticated fetch failure)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the response itself with the token headers and credentials', async () => {
    const fetchMock = respondWith('pin,owner\r\n', 200);
    const response = await authenticatedFetch(base);
    await expect(response.text()).resolves.toBe('pin,owner\r\n');
    const [, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer jwt-1', [SESSION_TOKEN_HEADER]: 'jwt-1' });
  });

  it("uses the server's message, else 'Request failed with status {status}'", async () => {
    respondWith('{"message":"Export not allowed"}', 403);
    await expect(authenticatedFetch(base)).rejects.toMatchObject({ message: 'Export not allowed', status: 403 });
    respondWith('gateway down', 503);
    await expect(authenticatedFetch(base)).rejects.toMatchObject({ message: 'Request failed with status 503', status: 503 });
  });

  it("always needs a token and maps 401 to 'Authentication required'", async () => {
    const fetchMock = respondWith('{}');
    await expect(authenticatedFetch({ ...base, token: null })).rejects.toThrow('User not authenticated');
    expect(fetchMock).not.toHaveBeenCalled();
    respondWith('{}', 401);
    await expect(authenticatedFetch(base)).rejects.toMatchObject({ message: 'Authentication required', status: 401 });
  });
});
