import { createBrowserRouter, Outlet } from 'react-router-dom';
import { REMOTE_MODULES, RenderFailure, Spinner, type AppStore } from '@parcel-map/shared';
import { RemoteScreen } from '../remotes/RemoteScreen.tsx';
import { INITIALIZING_MESSAGE, RedirectIfSignedIn, RequireSession } from '../session/SessionGate.tsx';
import { AppShell } from './AppShell.tsx';

/**
 * The app shell's screens fetch data through the server API, which the sign-in pages never load.
 * The host loads it for them, before they render: so the host provides the one copy every remote
 * shares (one API, one cache), and it downloads while the identity session starts.
 */
async function loadServerApi(store: AppStore) {
  const { serverApiLoaded } = await import('@parcel-map/shared/api');
  store.dispatch(serverApiLoaded());
  return null;
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter([
    {
      path: '/login',
      element: (
        <RedirectIfSignedIn>
          <RemoteScreen id={REMOTE_MODULES.loginScreen} />
        </RedirectIfSignedIn>
      ),
    },
    { path: '/authenticate', element: <RemoteScreen id={REMOTE_MODULES.authenticateScreen} /> },
    {
      // Administrators only (DataRoute); the server API first, as for the app shell.
      path: '/data',
      loader: () => loadServerApi(store),
      hydrateFallbackElement: <Spinner title={INITIALIZING_MESSAGE} />,
      errorElement: <RenderFailure onRetry={() => location.reload()} />,
      element: (
        <RequireSession>
          <Outlet />
        </RequireSession>
      ),
      children: [{ index: true, lazy: async () => ({ Component: (await import('./DataRoute.tsx')).DataRoute }) }],
    },
    {
      path: '/*',
      loader: () => loadServerApi(store),
      hydrateFallbackElement: <Spinner title={INITIALIZING_MESSAGE} />,
      errorElement: <RenderFailure onRetry={() => location.reload()} />,
      element: (
        <RequireSession>
          <AppShell />
        </RequireSession>
      ),
    },
  ]);
}
