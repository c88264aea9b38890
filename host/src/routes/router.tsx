import { createBrowserRouter } from 'react-router-dom';
import { REMOTE_MODULES } from '@parcel-map/shared';
import { RemoteScreen } from '../remotes/RemoteScreen.tsx';
import { RedirectIfSignedIn, RequireSession } from '../session/SessionGate.tsx';
import { AppShell } from './AppShell.tsx';

export function createAppRouter() {
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
      path: '/*',
      element: (
        <RequireSession>
          <AppShell />
        </RequireSession>
      ),
    },
  ]);
}
