// The map screen for pages without the host (e.g. a portal embed): its own React root, store and
// router, because there is no host to provide them.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ErrorBoundary, identityStateChanged, makeStore, parseRuntimeConfig, runtimeConfigLoaded, type MapMountModule } from '@parcel-map/shared';
import { MapScreen } from '../features/mapScreen/MapScreen.tsx';
import { embeddedIdentity } from '../embedding/embeddedIdentity.ts';

export const mount: MapMountModule['mount'] = (element, { config, sessionJwt }) => {
  const store = makeStore();
  // An embedder passes what its config.json holds: the schema fills the defaults it leaves out.
  store.dispatch(runtimeConfigLoaded(parseRuntimeConfig(config)));
  store.dispatch(identityStateChanged(embeddedIdentity(sessionJwt)));

  const root = createRoot(element);
  root.render(
    <StrictMode>
      <Provider store={store}>
        <MemoryRouter>
          <ErrorBoundary name="remote_map/mount">
            {/* The screen fills a positioned parent; the embedder's element may not be one. */}
            <div style={{ position: 'relative', width: '100%', height: '100%' }}>
              <MapScreen />
            </div>
          </ErrorBoundary>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
  return () => root.unmount();
};
