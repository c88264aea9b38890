import { useEffect, useState } from 'react';
import { REMOTE_MODULES, useAppStore, type IdentitySessionModule, type RuntimeConfig } from '@parcel-map/shared';
import { loadRemoteModule } from '../remotes/loadRemoteModule.ts';

/** Starts remote-auth's identity session once; reports whether that failed so the shell can say so. */
export function useIdentitySession(config: RuntimeConfig, attempt: number): 'starting' | 'started' | 'failed' {
  const store = useAppStore();
  const [status, setStatus] = useState<'starting' | 'started' | 'failed'>('starting');
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    setStatus('starting');
    loadRemoteModule<IdentitySessionModule>(REMOTE_MODULES.identitySession, config.remoteLoadTimeoutMs)
      .then((module) => {
        if (cancelled) return;
        stop = module.startIdentitySession({ store, config });
        setStatus('started');
      })
      .catch((error: unknown) => {
        console.error('Identity session failed to start', error);
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [store, config, attempt]);
  return status;
}
