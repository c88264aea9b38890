import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_MODULES, wasSignedIn, type RuntimeConfig } from '@parcel-map/shared';

const remoteOf = (moduleId: string) => moduleId.split('/')[0]!;
const exposeOf = (moduleId: string) => moduleId.split('/')[1]!;

/** The sign-in pages load remote-auth only; every other page is the app shell, which loads them all. */
const SIGN_IN_PATHS = new Set(['/login', '/authenticate']);
/** What the app shell loads once the session is confirmed: the identity session and its two screens. */
const APP_SHELL_MODULES = [REMOTE_MODULES.identitySession, REMOTE_MODULES.mapScreen, REMOTE_MODULES.savedParcels];
/** Loaded for administrators alone, when they open the Data page: never preloaded. */
const ADMIN_REMOTES = new Set([remoteOf(REMOTE_MODULES.dataPage)]);

/**
 * Registers the remotes of config.json and starts fetching, side by side, the manifest and entry
 * of every remote the page at `pathname` will load: otherwise each is fetched only when its first
 * module is asked for, one remote after the other (identity session, then the screens).
 * Entries only (`filter` drops every exposed module's chunks) for a visitor not signed in, and on
 * the sign-in pages, which load remote-auth alone: remote-map's chunks would bring mapbox-gl onto
 * the login screen. A visitor who was signed in (`signedIn`, SPEC §3's is_logged_in flag) most
 * likely still is, so the app shell's modules, the map and mapbox-gl with it, are fetched at once
 * too, instead of after the identity session has confirmed the session. remote-data (the
 * administrators' Data page) is registered but never preloaded: most users may not open it.
 */
export function registerAndPreloadRemotes(config: RuntimeConfig, pathname: string, signedIn = wasSignedIn()) {
  const remotes = Object.entries(config.remotes).map(([name, entry]) => ({ name, entry }));
  registerRemotes(remotes);
  const signInPage = SIGN_IN_PATHS.has(pathname);
  const needed = remotes.filter(({ name }) => !ADMIN_REMOTES.has(name) && (!signInPage || name === remoteOf(REMOTE_MODULES.loginScreen)));
  const exposesOf = (name: string) => (signedIn && !signInPage ? APP_SHELL_MODULES.filter((id) => remoteOf(id) === name).map(exposeOf) : []);
  preloadRemote(
    needed.map(({ name }) => {
      const exposes = exposesOf(name);
      // Never an empty `exposes`: the runtime reads that as every module of the remote.
      return exposes.length > 0 ? { nameOrAlias: name, exposes } : { nameOrAlias: name, filter: () => false };
    }),
  ).catch(() => {
    // A remote that cannot load fails again when its module is loaded, inside that screen's boundary.
  });
}

class RemoteLoadError extends Error {
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
