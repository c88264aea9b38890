import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import {
  ErrorBoundary,
  RenderFailure,
  remoteLoaded,
  remoteLoadFailed,
  remoteUnavailableMessage,
  selectRuntimeConfig,
  useAppDispatch,
  useAppSelector,
  type ScreenModule,
} from '@parcel-map/shared';
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
/** Tells the store whether the remote is there, so the buttons that open it can say so. */
function ReportAvailability({ id, available }: { id: string; available: boolean }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(available ? remoteLoaded({ id }) : remoteLoadFailed({ id }));
  }, [dispatch, id, available]);
  return null;
}

export function RemoteScreen({ id, fallback = null }: { id: string; fallback?: React.ReactNode }) {
  const config = useAppSelector(selectRuntimeConfig);
  const timeoutMs = config?.remoteLoadTimeoutMs ?? 8000;
  const [Screen, setScreen] = useState(() => lazyRemote(id, timeoutMs));
  return (
    <ErrorBoundary
      name={id}
      fallback={(reset) => (
        <>
          <ReportAvailability id={id} available={false} />
          <RenderFailure
            what={remoteUnavailableMessage(id)}
            onRetry={() => {
              setScreen(() => lazyRemote(id, timeoutMs));
              reset();
            }}
          />
        </>
      )}
    >
      <Suspense fallback={fallback}>
        <Screen />
        <ReportAvailability id={id} available />
      </Suspense>
    </ErrorBoundary>
  );
}
