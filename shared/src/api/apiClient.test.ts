import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, SESSION_TOKEN_HEADER } from './apiClient.ts';

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
