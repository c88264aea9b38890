import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@parcel-map/shared';
import { registerAndPreloadRemotes } from './loadRemoteModule.ts';

vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  preloadRemote: vi.fn(() => Promise.resolve()),
}));

const config = {
  remotes: {
    remote_auth: 'http://127.0.0.1:3001/mf-manifest.json',
    remote_map: 'http://127.0.0.1:3002/mf-manifest.json',
    remote_saved_parcels: 'http://127.0.0.1:3003/mf-manifest.json',
    remote_data: 'http://127.0.0.1:3004/mf-manifest.json',
  },
} as unknown as RuntimeConfig;

/** What preloadRemote was asked for: per remote, the exposed modules, or 'entry' for the entry alone. */
function preloaded(): Record<string, string[] | 'entry'> {
  const [args] = vi.mocked(preloadRemote).mock.calls.at(-1)!;
  return Object.fromEntries(
    args.map((arg) => {
      if (arg.exposes) return [arg.nameOrAlias, arg.exposes];
      expect(arg.filter?.('http://127.0.0.1:3002/474.js')).toBe(false);
      return [arg.nameOrAlias, 'entry'];
    }),
  );
}

describe('registerAndPreloadRemotes', () => {
  afterEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('registers every remote of the runtime config', () => {
    registerAndPreloadRemotes(config, '/', false);
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'remote_auth', entry: config.remotes.remote_auth },
      { name: 'remote_map', entry: config.remotes.remote_map },
      { name: 'remote_saved_parcels', entry: config.remotes.remote_saved_parcels },
      { name: 'remote_data', entry: config.remotes.remote_data },
    ]);
  });

  it('fetches only the entries of the app shell’s remotes for a visitor not signed in: no map code before the session is known', () => {
    registerAndPreloadRemotes(config, '/', false);
    expect(preloaded()).toEqual({ remote_auth: 'entry', remote_map: 'entry', remote_saved_parcels: 'entry' });
  });

  it('fetches the app shell’s modules at once for a visitor who was signed in', () => {
    registerAndPreloadRemotes(config, '/', true);
    expect(preloaded()).toEqual({ remote_auth: ['IdentitySession'], remote_map: ['MapScreen'], remote_saved_parcels: ['SavedParcels'] });
  });

  it('never preloads remote-data: only administrators open the Data page', () => {
    for (const signedIn of [false, true]) {
      registerAndPreloadRemotes(config, '/data', signedIn);
      expect(preloaded()).not.toHaveProperty('remote_data');
    }
  });

  it('fetches remote-auth’s entry alone on the sign-in pages, signed in or not', () => {
    for (const path of ['/login', '/authenticate']) {
      for (const signedIn of [false, true]) {
        registerAndPreloadRemotes(config, path, signedIn);
        expect(preloaded()).toEqual({ remote_auth: 'entry' });
      }
    }
  });

  it('takes SPEC §3’s is_logged_in flag as the sign-in hint', () => {
    localStorage.setItem('is_logged_in', 'true');
    registerAndPreloadRemotes(config, '/');
    expect(preloaded().remote_map).toEqual(['MapScreen']);
    localStorage.removeItem('is_logged_in');
    registerAndPreloadRemotes(config, '/');
    expect(preloaded().remote_map).toBe('entry');
  });
});
