import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_MODULES, type RuntimeConfig } from '@parcel-map/shared';

const remoteOf = (moduleId: string) => moduleId.split('/')[0]!;

/** The sign-in pages load remote-auth only; every other page is the app shell, which loads them all. */
const SIGN_IN_PATHS = new Set(['/login', '/authenticate']);

/**
 * Registers the remotes of config.json and starts fetching, side by side, the manifest and entry
 * of every remote the page at `pathname` will load: otherwise each is fetched only when its first
 * module is asked for, one remote after the other (identity session, then the screens). Entries
 * only (`filter` drops every exposed module's chunks): remote-map's would bring mapbox-gl onto the
 * login screen, and on the sign-in pages the other remotes' entries would only add to its bytes.
 */
export function registerAndPreloadRemotes(config: RuntimeConfig, pathname: string) {
  const remotes = Object.entries(config.remotes).map(([name, entry]) => ({ name, entry }));
  registerRemotes(remotes);
  const signIn = SIGN_IN_PATHS.has(pathname);
  const needed = remotes.filter(({ name }) => !signIn || name === remoteOf(REMOTE_MODULES.loginScreen));
  preloadRemote(needed.map(({ name }) => ({ nameOrAlias: name, filter: () => false }))).catch(() => {
    // A remote that cannot load fails again when its module is loaded, inside that screen's boundary.
  });
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
