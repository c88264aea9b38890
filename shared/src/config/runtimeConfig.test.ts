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
    expect(config.map.initialView).toEqual({ lng: -80.86, lat: 35.62, zoom: 13 });
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

describe('map.initialView', () => {
  it('takes where the map opens from the configuration, and refuses a view off the map', () => {
    const at = (initialView: unknown) => ({ ...minimal, map: { ...minimal.map, initialView } });
    expect(parseRuntimeConfig(at({ lng: -71.11, lat: 42.37, zoom: 14 })).map.initialView).toEqual({ lng: -71.11, lat: 42.37, zoom: 14 });
    expect(() => parseRuntimeConfig(at({ lng: -200, lat: 42.37, zoom: 14 }))).toThrow();
    expect(() => parseRuntimeConfig(at({ lng: -71.11, lat: 42.37 }))).toThrow();
  });
});
