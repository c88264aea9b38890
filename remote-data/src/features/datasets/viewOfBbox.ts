// The camera that shows a data set's extent in a viewport, for the map's `?view=lng,lat,zoom` link.

const TILE_SIZE = 512;
const MIN_ZOOM = 3;
const MAX_ZOOM = 19;

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

export function viewOfBbox([west, south, east, north]: [number, number, number, number], width: number, height: number) {
  const lng = (west + east) / 2;
  const lat = (Math.atan(Math.sinh((mercatorY(south) + mercatorY(north)) / 2)) * 180) / Math.PI;
  // World widths at zoom 0: 360° of longitude, 2π of Mercator y.
  const zoomX = Math.log2((width * 360) / (TILE_SIZE * Math.max(east - west, 1e-9)));
  const zoomY = Math.log2((height * 2 * Math.PI) / (TILE_SIZE * Math.max(mercatorY(north) - mercatorY(south), 1e-9)));
  // A little margin around the extent.
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min(zoomX, zoomY) - 0.25));
  return { lng, lat, zoom };
}

/** The map's deep link (remote-map's `view` parameter: lng,lat,zoom). */
export function mapLinkOfBbox(bbox: [number, number, number, number], width: number, height: number): string {
  const { lng, lat, zoom } = viewOfBbox(bbox, width, height);
  return `/?view=${lng.toFixed(5)},${lat.toFixed(5)},${zoom.toFixed(2)}`;
}
