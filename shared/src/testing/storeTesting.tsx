// Test support for the front ends' component tests: a fresh store with config and a session, and a
// fake network (MSW, fakeNetwork.ts). Imported as '@parcel-map/shared/testing', never by app code.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { identityStateChanged, makeStore, runtimeConfigLoaded, type RuntimeConfig } from '../index.ts';

export const testConfig: RuntimeConfig = {
  remotes: {
    remote_auth: 'http://remotes.test/auth/mf-manifest.json',
    remote_map: 'http://remotes.test/map/mf-manifest.json',
    remote_saved_parcels: 'http://remotes.test/saved/mf-manifest.json',
  },
  remoteLoadTimeoutMs: 8000,
  apiBaseUrl: 'http://api.test',
  identity: { publicToken: 'public-token-test', oauthProvider: 'microsoft' },
  map: {
    accessToken: 'token',
    styles: [{ id: 'streets', name: 'Streets', url: 'http://styles.test/streets.json' }],
    defaultStyleId: 'streets',
    parcelTilesUrl: 'http://tiles.test/{z}/{x}/{y}.pbf',
  },
};

/** A fresh store with config loaded and, unless told otherwise, a signed-in user. */
export function makeTestStore({ signedIn = true } = {}) {
  const store = makeStore();
  store.dispatch(runtimeConfigLoaded(testConfig));
  store.dispatch(
    identityStateChanged(
      signedIn
        ? {
            user: { userId: 'u1', emails: [{ email: 'ann@example.com', verified: true }] },
            session: { sessionId: 's1', expiresAt: '2099-01-01T00:00:00Z' },
            sessionJwt: 'jwt-u1',
            fromCache: false,
          }
        : { user: null, session: null, sessionJwt: null, fromCache: false },
    ),
  );
  return store;
}

export function renderWithStore(ui: ReactElement, options: { signedIn?: boolean; store?: ReturnType<typeof makeStore> } = {}) {
  const store = options.store ?? makeTestStore(options);
  return { store, ...render(<Provider store={store}>{ui}</Provider>) };
}

export { heldAnswer, network, recordRequests, setupFakeNetwork } from './fakeNetwork.ts';

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces global fetch with routes keyed by 'METHOD /path'; unknown requests answer 404. Only
 * remote-map's tests still use it, until they move to the fake network with remote-map's refactor.
 */
export function fakeApi(routes: Record<string, Route>) {
  const requests: { method: string; path: string; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    requests.push({ method, path: url.pathname, headers: new Headers(init?.headers) });
    const route = routes[`${method} ${url.pathname}`];
    return route ? route(url, init) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A response that arrives only when the returned release() is called. */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { route: () => promise, release };
}
