// The session's bearer token on the map's requests for county data tiles (parcels, overlays): the
// API serves them only to a signed-in user (docs/operations.md, Security). mapbox-gl fetches tiles
// itself, outside the API client, so the header is added where it builds each request.
import type { RequestParameters, RequestTransformFunction } from 'mapbox-gl';
import { COUNTY_DATA_TILES_PATH } from '@parcel-map/shared';

/**
 * A transformRequest adding `Authorization: Bearer <session token>` to requests under the API's
 * county data tile path, read at each request so a refreshed session is used at once; everything
 * else (base maps, contours, styles, Mapbox) goes out as it was, without the token. The API's base
 * and each request's URL are compared resolved against the page, so an API on the page's own origin
 * (one origin behind a proxy, docs/operations.md) may be named by its path alone.
 */
export function countyTileRequests(apiBaseUrl: string, sessionToken: () => string | null, pageUrl: string = location.href): RequestTransformFunction {
  const tilesPrefix = `${new URL(apiBaseUrl, pageUrl).href.replace(/\/+$/, '')}${COUNTY_DATA_TILES_PATH}/`;
  return (url): RequestParameters => {
    const token = new URL(url, pageUrl).href.startsWith(tilesPrefix) ? sessionToken() : null;
    return token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
  };
}
