// Test support for the front ends' component tests: a fresh store with config and a session, and a
// fake network (MSW, fakeNetwork.ts). Imported as '@parcel-map/shared/testing', never by app code.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { identityStateChanged, makeStore, runtimeConfigLoaded, type RuntimeConfig } from '../index.ts';

export const testConfig: RuntimeConfig = {
  remotes: {
    remote_auth: 'http://remotes.test/auth/mf-manifest.json',
    remote_map: 'http://remotes.test/map/mf-manifest.json',
    remote_saved_parcels: 'http://remotes.test/saved/mf-manifest.json',
    remote_data: 'http://remotes.test/data/mf-manifest.json',
  },
  remoteLoadTimeoutMs: 8000,
  apiBaseUrl: 'http://api.test',
  identity: { publicToken: 'public-token-test', oauthProvider: 'microsoft' },
  map: {
    accessToken: 'token',
    styles: [{ id: 'streets', name: 'Streets', url: 'http://styles.test/streets.json' }],
    defaultStyleId: 'streets',
    parcelTilesUrl: 'http://tiles.test/{z}/{x}/{y}.pbf',
    initialView: { lng: -80.86, lat: 35.62, zoom: 13 },
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
export { addStyleSheetAtWidth, DESKTOP_AND_PHONE, renderAtWidth } from './styleSheetAtWidth.ts';
