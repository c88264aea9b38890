// The runtime config.json the host is served with, from the environment (README lists the variables).
// Embedded defaults need no account and no internet: local-identity, self-hosted styles and tiles.
// PUBLIC_ORIGIN names one origin serving everything as deploy/nginx/parcel-map.conf lays it out.

import { originOf as local, PORTS } from './ports.mjs';

/** Where deploy/nginx/parcel-map.conf serves each remote under one origin; the API keeps its own paths there. */
const ONE_ORIGIN_REMOTE_PATHS = { remote_auth: '/remote-auth/', remote_map: '/remote-map/', remote_saved_parcels: '/remote-saved-parcels/', remote_data: '/remote-data/' };

export function runtimeConfigFromEnv(env = process.env) {
  const origin = env.PUBLIC_ORIGIN?.replace(/\/+$/, '');
  const remoteUrl = (name, envName) =>
    env[envName] ?? (origin ? `${origin}${ONE_ORIGIN_REMOTE_PATHS[name]}` : `${local(PORTS[name])}/`) + 'mf-manifest.json';
  const apiBaseUrl = env.API_BASE_URL ?? origin ?? local(PORTS.api);
  const mapboxToken = env.MAPBOX_ACCESS_TOKEN;
  const stytchToken = env.STYTCH_PUBLIC_TOKEN;

  return {
    remotes: {
      remote_auth: remoteUrl('remote_auth', 'REMOTE_AUTH_URL'),
      remote_map: remoteUrl('remote_map', 'REMOTE_MAP_URL'),
      remote_saved_parcels: remoteUrl('remote_saved_parcels', 'REMOTE_SAVED_PARCELS_URL'),
      remote_data: remoteUrl('remote_data', 'REMOTE_DATA_URL'),
    },
    remoteLoadTimeoutMs: Number(env.REMOTE_LOAD_TIMEOUT_MS ?? 8000),
    apiBaseUrl,
    identity: stytchToken
      ? { publicToken: stytchToken, oauthProvider: env.OAUTH_PROVIDER ?? 'microsoft', loginBackgroundEmbedUrl: env.LOGIN_BACKGROUND_EMBED_URL }
      : { publicToken: 'public-token-test-local', localApiUrl: env.IDENTITY_URL ?? local(PORTS.identity), oauthProvider: env.OAUTH_PROVIDER ?? 'microsoft' },
    map: withInitialView(env.MAP_INITIAL_VIEW, mapboxToken
      ? {
          accessToken: mapboxToken,
          styles: [
            { id: 'streets-v12', name: 'Streets', url: 'mapbox://styles/mapbox/streets-v12' },
            { id: 'satellite-streets-v12', name: 'Satellite Streets', url: 'mapbox://styles/mapbox/satellite-streets-v12' },
            { id: 'navigation-day-v1', name: 'Navigation Day', url: 'mapbox://styles/mapbox/navigation-day-v1' },
            { id: 'outdoors-v12', name: 'Outdoors', url: 'mapbox://styles/mapbox/outdoors-v12' },
          ],
          defaultStyleId: 'streets-v12',
          parcelTilesUrl: `${apiBaseUrl}/tiles/{z}/{x}/{y}.pbf`,
          contourTilesUrl: 'mapbox://mapbox.mapbox-terrain-v2',
        }
      : {
          accessToken: 'offline',
          styles: [
            { id: 'streets-local', name: 'Streets (offline)', url: `${apiBaseUrl}/styles/streets-local.json` },
            { id: 'dark-local', name: 'Dark (satellite contrast)', url: `${apiBaseUrl}/styles/dark-local.json` },
          ],
          defaultStyleId: 'streets-local',
          parcelTilesUrl: `${apiBaseUrl}/tiles/{z}/{x}/{y}.pbf`,
          contourTilesUrl: `${apiBaseUrl}/contours/{z}/{x}/{y}.pbf`,
        }),
  };
}

/** `MAP_INITIAL_VIEW=lng,lat,zoom` sets where the map opens (default SPEC's, in the config schema). */
function withInitialView(text, map) {
  if (text === undefined || text === '') return map;
  const [lng, lat, zoom, ...rest] = text.split(',').map((part) => Number(part.trim()));
  if (rest.length > 0 || ![lng, lat, zoom].every(Number.isFinite)) throw new Error(`MAP_INITIAL_VIEW must be "lng,lat,zoom" (e.g. -71.11,42.37,14), not '${text}'`);
  return { ...map, initialView: { lng, lat, zoom } };
}
