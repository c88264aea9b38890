// The session's bearer token on the map's requests for county data tiles (parcels, overlays): the
// API serves them only to a signed-in user (docs/operations.md, Security). mapbox-gl fetches tiles
// itself, outside the API client, so the header is added where it builds each request.
import type { RequestParameters, RequestTransformFunction } from 'mapbox-gl';
import { COUNTY_DATA_TILES_PATH } from '@parcel-map/shared';

/**
 * A transformRequest adding `Authorization: Bearer <session token>` to requests under the API's
 * county data tile path, read at each request so a refreshed session is used at once; everything
 * else (base maps, contours, styles, Mapbox) goes out as it was, without the token.
 */
export function countyTileRequests(apiBaseUrl: string, sessionToken: () => string | null): RequestTransformFunction {
  const tilesPrefix = `${apiBaseUrl.replace(/\/+$/, '')}${COUNTY_DATA_TILES_PATH}/`;
  return (url): RequestParameters => {
    const token = url.startsWith(tilesPrefix) ? sessionToken() : null;
    return token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
  };
}
