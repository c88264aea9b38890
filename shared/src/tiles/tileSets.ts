// The vector tile sets the API serves and the map draws: their source layers and zoom ranges, and
// the data the county data tools write for the self-hosted ones.

/**
 * Every tile set under this path carries county data (parcels, overlays: owner names, addresses,
 * licensed attributes) and is served only to a signed-in user, unless the API is started with
 * PUBLIC_PARCEL_TILES=true; the map sends its session token with the requests under it. The base
 * map and contour tiles live elsewhere and stay public.
 */
export const COUNTY_DATA_TILES_PATH = '/tiles';

/**
 * Answers 204 to a request the county data tiles would serve, 401 (as they would) to one they would
 * refuse: nginx asks it (auth_request) before serving a tile from its shared cache
 * (deploy/nginx/parcel-map.conf).
 */
export const TILE_ACCESS_PATH = '/api/tile-access';

/** Parcel tiles (`/tiles/{z}/{x}/{y}.pbf`, 512 px): served from zoom 10 to 18 (SPEC §9). */
export const PARCEL_TILE_ZOOMS = { min: 10, max: 18 } as const;
/** The parcel tiles' layer, written by the API and drawn by the map. */
export const PARCEL_SOURCE_LAYER = 'parcels';
/**
 * Owner names are drawn from this zoom, and the parcel tiles carry names, addresses and acreage
 * from it up; below it a tile carries only the pin that hover and selection filter on.
 */
export const PARCEL_LABEL_MIN_ZOOM = 14;

/** Properties of a feature in the `parcels` source layer. */
export interface ParcelTileProperties {
  pin: string;
  PIN: string;
  Name?: string;
  ADD1?: string;
  CITY?: string;
  TaxAcres?: number;
}

/** Contour tiles (`/contours/...`): layer `contour` with `ele` (metres) and `index`, as Mapbox Terrain's. */
export const CONTOUR_SOURCE_LAYER = 'contour';
export const CONTOUR_TILE_ZOOMS = { min: 8, max: 15 } as const;

/** The self-hosted base map's stored layers (`/basemap/...`), written by the county data tools; the map overzooms past the last zoom. */
export const BASEMAP_LAYERS = ['roads', 'water'] as const;
export type BaseMapLayer = (typeof BASEMAP_LAYERS)[number];
/**
 * The base map tiles' layer of town names: one point per city of each current data set's parcels,
 * computed by the API per data version (tiles/baseMap), with `name` (title case), `kind` 'town' and
 * `rank` (1: the town of most parcels).
 */
export const BASEMAP_PLACES_LAYER = 'places';
/**
 * The base map tiles' layer of street names from the parcels' site addresses, for a data set with no
 * roads of its own: a point per run of a street's parcels, with `name`, `kind` 'street' and `rotate`
 * (degrees clockwise, the run's direction) for the label.
 */
export const BASEMAP_STREETS_LAYER = 'streets';
export const BASEMAP_TILE_ZOOMS = { min: 0, max: 14 } as const;

/**
 * A digital elevation model on a regular longitude/latitude grid: `metres[row * cols + col]` is the
 * height at the centre of that cell, row 0 along the north edge. The contour tiles are traced from it.
 */
export interface ElevationGrid {
  bounds: { west: number; south: number; east: number; north: number };
  cols: number;
  rows: number;
  metres: Float32Array;
}

/**
 * Bilinear interpolation of `values` (row-major, `cols` × `rows`) at fractional cell coordinates,
 * where (0, 0) is the centre of the first cell; clamped to the grid's edge outside it.
 */
export function sampleGrid(values: ArrayLike<number>, cols: number, rows: number, gx: number, gy: number): number {
  const x = Math.min(cols - 1.000001, Math.max(0, gx));
  const y = Math.min(rows - 1.000001, Math.max(0, gy));
  const c = Math.floor(x);
  const r = Math.floor(y);
  const fx = x - c;
  const fy = y - r;
  const at = (cc: number, rr: number) => values[rr * cols + cc]!;
  return (at(c, r) * (1 - fx) + at(c + 1, r) * fx) * (1 - fy) + (at(c, r + 1) * (1 - fx) + at(c + 1, r + 1) * fx) * fy;
}

/** The grid's height at a lon/lat, bilinear between cell centres; clamped to the grid's edge outside it. */
export function heightAt(grid: ElevationGrid, lng: number, lat: number): number {
  const { bounds, cols, rows } = grid;
  const gx = ((lng - bounds.west) / (bounds.east - bounds.west)) * cols - 0.5;
  const gy = ((bounds.north - lat) / (bounds.north - bounds.south)) * rows - 0.5;
  return sampleGrid(grid.metres, cols, rows, gx, gy);
}
