// Where 'Center on parcel' moves the camera (SPEC §4 'Centring'): a point flies to zoom 15.25, a
// polygon fits its bounds (padding 100, max zoom 15.25), anything unusable falls back to the centroid.
import { bbox } from '@turf/turf';
import type { GeoJSONGeometry } from '@parcel-map/shared';

const CENTRE_ZOOM = 15.25;
const FIT_PADDING = 100;

export type CentreTarget =
  | { kind: 'point'; lng: number; lat: number; zoom: number }
  | { kind: 'bounds'; bounds: [[number, number], [number, number]]; padding: number | { top: number; bottom: number; left: number; right: number }; maxZoom: number };

const finite = (...values: number[]) => values.every((value) => Number.isFinite(value));

export function centreTarget(geometry: GeoJSONGeometry | null | undefined, centroid: { lng: number; lat: number }): CentreTarget {
  const fallback: CentreTarget = { kind: 'point', lng: centroid.lng, lat: centroid.lat, zoom: CENTRE_ZOOM };
  if (!geometry) return fallback;
  if (geometry.type === 'Point') {
    const [lng, lat] = geometry.coordinates as number[];
    return typeof lng === 'number' && typeof lat === 'number' && finite(lng, lat) ? { kind: 'point', lng, lat, zoom: CENTRE_ZOOM } : fallback;
  }
  try {
    const [west, south, east, north] = bbox(geometry as Parameters<typeof bbox>[0]);
    if (west === undefined || south === undefined || east === undefined || north === undefined || !finite(west, south, east, north)) return fallback;
    if (west === east && south === north) return { kind: 'point', lng: west, lat: south, zoom: CENTRE_ZOOM };
    return { kind: 'bounds', bounds: [[west, south], [east, north]], padding: FIT_PADDING, maxZoom: CENTRE_ZOOM };
  } catch {
    return fallback;
  }
}
