import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { RenderFailure, Spinner, useAppStore, type RuntimeConfig } from '@parcel-map/shared';
import { INITIALIZING_MESSAGE } from './session/SessionGate.tsx';
import { useIdentitySession } from './session/useIdentitySession.ts';
import { createAppRouter } from './routes/router.tsx';

export function App({ config }: { config: RuntimeConfig }) {
  const [attempt, setAttempt] = useState(0);
  const identity = useIdentitySession(config, attempt);
  const store = useAppStore();
  const router = useMemo(() => createAppRouter(store), [store]);
  if (identity === 'failed') return <RenderFailure onRetry={() => setAttempt((n) => n + 1)} />;
  // Screens use the identity client, so nothing routes before it exists.
  if (identity === 'starting') return <Spinner title={INITIALIZING_MESSAGE} />;
  return <RouterProvider router={router} />;
}
