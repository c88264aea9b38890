// Parcel shapes that cross the network or a remote boundary (SPEC §3).

/** GET /api/parcels/{pin}: the parcel record. Missing values are null. */
export interface Parcel {
  pin: string;
  name: string | null;
  owner: string | null;
  add1: string | null;
  add2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  taxacres: number | null;
  township: string | null;
  zoning: string | null;
  sale_date: string | null;
  sales_price: number | null;
}

/** Properties of a feature in the `parcels` source layer of the vector tiles. */
export interface ParcelTileProperties {
  pin: string;
  PIN: string;
  Name?: string;
  ADD1?: string;
  CITY?: string;
  TaxAcres?: number;
}

/** The parcel tiles' layer, written by the API and drawn by the map. */
export const PARCEL_SOURCE_LAYER = 'parcels';
/**
 * Owner names are drawn from this zoom, and the parcel tiles carry names, addresses and acreage
 * from it up; below it a tile carries only the pin that hover and selection filter on.
 */
export const PARCEL_LABEL_MIN_ZOOM = 14;

/** GET /api/parcels/{pin} adds where the parcel is, for centring and saving. */
export interface ParcelDetails extends Parcel {
  centroid: { lng: number; lat: number };
  geometry: GeoJSONGeometry;
}

/** A GeoJSON geometry, typed loosely enough to cross the wire without a GeoJSON dependency. */
export interface GeoJSONGeometry {
  type: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon';
  coordinates: unknown;
}

/** GET /api/parcels/search?q= (at least 2 characters): best matches first. */
export interface ParcelSearchResponse {
  results: ParcelSearchResult[];
}

export interface ParcelSearchResult {
  pin: string;
  owner: string | null;
  add1: string | null;
  city: string | null;
  centroid: { lng: number; lat: number };
  /** What matched: the address, the owner or the PIN. */
  matched: 'address' | 'owner' | 'pin';
}

/** GET /api/datasets/current: where the parcels came from (shown in the detail panel). */
export interface DatasetInfo {
  source_name: string;
  licence: string;
  imported_at: string;
  as_of: string | null;
  parcel_count: number;
}
