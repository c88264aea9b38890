import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtimeConfig.ts';

const minimal = {
  remotes: {
    remote_auth: 'http://127.0.0.1:3001/mf-manifest.json',
    remote_map: 'http://127.0.0.1:3002/mf-manifest.json',
    remote_saved_parcels: 'http://127.0.0.1:3003/mf-manifest.json',
    remote_data: 'http://127.0.0.1:3004/mf-manifest.json',
  },
  apiBaseUrl: 'http://127.0.0.1:4000',
  identity: { publicToken: 'public-token-test' },
  map: {
    accessToken: '',
    styles: [{ id: 'streets', name: 'Streets', url: '/styles/streets.json' }],
    defaultStyleId: 'streets',
    parcelTilesUrl: '/tiles/{z}/{x}/{y}.pbf',
  },
};

describe('parseRuntimeConfig', () => {
  it('fills the defaults of what config.json leaves out', () => {
    const config = parseRuntimeConfig(minimal);
    expect(config.remoteLoadTimeoutMs).toBe(8000);
    expect(config.identity.oauthProvider).toBe('microsoft');
    expect(config.identity.localApiUrl).toBeUndefined();
    expect(config.map.styles[0]).toEqual(minimal.map.styles[0]);
  });

  it.each([
    ['a remote that is not a URL', { ...minimal, remotes: { ...minimal.remotes, remote_map: 'remote-map' } }],
    ['a missing API base URL', { ...minimal, apiBaseUrl: undefined }],
    ['no map style', { ...minimal, map: { ...minimal.map, styles: [] } }],
    ['a fractional timeout', { ...minimal, remoteLoadTimeoutMs: 1.5 }],
    ['a timeout of zero', { ...minimal, remoteLoadTimeoutMs: 0 }],
    ['an empty public token', { ...minimal, identity: { publicToken: '' } }],
  ])('rejects %s', (_case, input) => {
    expect(() => parseRuntimeConfig(input)).toThrow();
  });
});
