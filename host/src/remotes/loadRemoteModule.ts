import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@parcel-map/shared';

export function registerConfiguredRemotes(config: RuntimeConfig) {
  registerRemotes(Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })));
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/**
 * Loads an exposed module, failing after `timeoutMs`: a hung remote server would otherwise keep
 * its place in Suspense forever (MF has no timeout of its own).
 */
export async function loadRemoteModule<T>(id: string, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(`${id} did not load within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const module = await Promise.race([loadRemote<T>(id), timeout]);
    if (!module) throw new RemoteLoadError(`${id} is not exposed`);
    return module;
  } finally {
    clearTimeout(timer);
  }
}
