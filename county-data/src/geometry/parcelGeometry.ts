// Derived geometry columns of a parcel (centroid, bounding box, area) computed once at write time.
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';

export type ParcelGeometry = Polygon | MultiPolygon;

const SQUARE_METRES_PER_ACRE = 4046.8564224;

export interface DerivedGeometry {
  centroid_lon: number;
  centroid_lat: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

export function deriveGeometry(geometry: ParcelGeometry): DerivedGeometry {
  const [minLon, minLat, maxLon, maxLat] = turf.bbox(geometry);
  // The centre of mass can fall outside a concave parcel; then take a point that is inside.
  let centre = turf.centerOfMass(geometry);
  if (!turf.booleanPointInPolygon(centre, geometry)) centre = turf.pointOnFeature(geometry);
  const [lon, lat] = centre.geometry.coordinates;
  return {
    centroid_lon: round(lon ?? 0, 7),
    centroid_lat: round(lat ?? 0, 7),
    min_lon: minLon,
    min_lat: minLat,
    max_lon: maxLon,
    max_lat: maxLat,
  };
}

export function areaAcres(geometry: ParcelGeometry): number {
  return round(turf.area(geometry) / SQUARE_METRES_PER_ACRE, 3);
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
