import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { identityStateChanged, makeStore, runtimeConfigLoaded, type RuntimeConfig } from '@parcel-map/shared';

export const testConfig: RuntimeConfig = {
  remotes: {
    remote_auth: 'http://remotes.test/auth/mf-manifest.json',
    remote_map: 'http://remotes.test/map/mf-manifest.json',
    remote_saved_parcels: 'http://remotes.test/saved/mf-manifest.json',
  },
  remoteLoadTimeoutMs: 8000,
  apiBaseUrl: 'http://api.test',
  identity: { publicToken: 'public-token-test-x', oauthProvider: 'microsoft' },
  map: { accessToken: 't', styles: [{ id: 's', name: 'S', url: 'http://styles.test/s.json' }], defaultStyleId: 's', parcelTilesUrl: 'http://tiles.test/{z}/{x}/{y}.pbf' },
};

/** A fresh store with config loaded and, unless told otherwise, a signed-in user. */
export function renderWithStore(ui: ReactElement, { signedIn = true } = {}) {
  const store = makeStore();
  store.dispatch(runtimeConfigLoaded(testConfig));
  store.dispatch(
    identityStateChanged(
      signedIn
        ? { user: { userId: 'u1', emails: [{ email: 'a@example.com', verified: true }] }, session: { sessionId: 's', expiresAt: '2099-01-01T00:00:00Z' }, sessionJwt: 'jwt-u1', fromCache: false }
        : { user: null, session: null, sessionJwt: null, fromCache: false },
    ),
  );
  return { store, ...render(<Provider store={store}>{ui}</Provider>) };
}
