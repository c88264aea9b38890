import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ErrorBoundary, RenderFailure, useAppSelector, selectRuntimeConfig, type ScreenModule } from '@parcel-map/shared';
import { loadRemoteModule } from './loadRemoteModule.ts';

function lazyRemote(id: string, timeoutMs: number): ComponentType {
  return lazy(() =>
    loadRemoteModule<ScreenModule>(id, timeoutMs).catch((error: unknown) => {
      console.error(`Remote ${id} failed to load`, error);
      throw error;
    }),
  );
}

/**
 * A remote's screen in its own boundary: if it cannot load, hangs or throws while rendering, its
 * place shows the render-failure fallback and the rest of the app keeps working. Retry makes a new
 * lazy component, because MF does not cache the failure.
 */
export function RemoteScreen({ id, fallback = null }: { id: string; fallback?: React.ReactNode }) {
  const config = useAppSelector(selectRuntimeConfig);
  const timeoutMs = config?.remoteLoadTimeoutMs ?? 8000;
  const [Screen, setScreen] = useState(() => lazyRemote(id, timeoutMs));
  return (
    <ErrorBoundary
      name={id}
      fallback={(reset) => (
        <RenderFailure
          onRetry={() => {
            setScreen(() => lazyRemote(id, timeoutMs));
            reset();
          }}
        />
      )}
    >
      <Suspense fallback={fallback}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}
