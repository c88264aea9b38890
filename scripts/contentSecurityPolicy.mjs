// The host page's Content-Security-Policy: exactly the origins the runtime config names, plus what
// mapbox-gl needs (its workers are blob: URLs; sprites and tiles may become data:/blob: images).
// Helmet's defaults would block both the map and the cross-origin remote entries. The imagery
// services an administrator added are fetched by the map from their own hosts: `imageryOrigins`
// (imageryServiceOrigins.mjs) adds exactly those to img-src and connect-src.

const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://events.mapbox.com', 'https://*.tiles.mapbox.com'];
const STYTCH_ORIGINS = ['https://test.stytch.com', 'https://api.stytch.com'];

function originOfUrl(url) {
  if (url.startsWith('mapbox://')) return MAPBOX_ORIGINS;
  try {
    return [new URL(url.replaceAll('{', '%7B').replaceAll('}', '%7D')).origin];
  } catch {
    return [];
  }
}

export function cspDirectives(config, imageryOrigins = []) {
  const remotes = Object.values(config.remotes).flatMap(originOfUrl);
  const mapSources = [...config.map.styles.map((s) => s.url), config.map.parcelTilesUrl, config.map.contourTilesUrl]
    .filter(Boolean)
    .flatMap(originOfUrl);
  const identity = config.identity.localApiUrl ? originOfUrl(config.identity.localApiUrl) : STYTCH_ORIGINS;
  const api = originOfUrl(config.apiBaseUrl);
  const unique = (...lists) => [...new Set(["'self'", ...lists.flat()])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(remotes),
    styleSrc: unique(remotes, ["'unsafe-inline'"]),
    connectSrc: unique(remotes, api, identity, mapSources, imageryOrigins),
    imgSrc: unique(remotes, api, mapSources, imageryOrigins, ['data:', 'blob:']),
    fontSrc: unique(remotes, ['data:']),
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    frameSrc: config.identity.loginBackgroundEmbedUrl ? unique(originOfUrl(config.identity.loginBackgroundEmbedUrl)) : ["'none'"],
    formAction: unique(identity),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

/** The same policy as one Content-Security-Policy header value, for a web server that sets it itself (deploy/nginx). */
export function cspHeaderValue(config, imageryOrigins = []) {
  return Object.entries(cspDirectives(config, imageryOrigins))
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`)
    .join('; ');
}
