// Nearby parcels (issue #24 point 4): every parcel within a distance of a parcel or of a drawn area,
// measured edge to edge, nearest first, with the ring the distance draws. Knows no HTTP.
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { NEARBY_MAX_PARCELS, type NearbyParcel, type NearbyResponse } from '@parcel-map/shared/contracts';
import { NotFoundError } from '../../../platform/http/httpErrors.ts';
import { distanceFeet, flatFrame, flatRings } from './nearbyGeometry.ts';
import type { NearbyRepository, NearbyRow } from './nearbyRepository.ts';

/**
 * Neighbours whose edges lie within this many feet count as touching at distance 0: a county's
 * shared boundaries are drawn twice, and the two lines differ by a few centimetres.
 */
export const TOUCHING_TOLERANCE_FEET = 1;
/** Candidates read from the box at most: enough for the densest half mile of the demo county. */
const CANDIDATE_LIMIT = 20_000;

type Area = Polygon | MultiPolygon;

export function createNearbyService(repository: NearbyRepository) {
  return {
    async aroundParcel(pin: string, distanceFt: number): Promise<NearbyResponse> {
      const subject = await repository.findByPin(pin);
      if (!subject) throw new NotFoundError('Parcel not found');
      const area = subject.geometry as Area;
      const found = await around(area, distanceFt, pin);
      return { subject: { ...toNearby(subject), distance_ft: 0 }, ...found };
    },

    async aroundArea(area: Area, distanceFt: number): Promise<NearbyResponse> {
      return { subject: null, ...(await around(area, distanceFt, undefined)) };
    },
  };

  async function around(area: Area, distanceFt: number, subjectPin: string | undefined): Promise<Omit<NearbyResponse, 'subject'>> {
    const [west, south, east, north] = turf.bbox(area);
    const frame = flatFrame(turf.centroid(area).geometry.coordinates);
    const reach = frame.degrees(distanceFt + TOUCHING_TOLERANCE_FEET);
    const rows = await repository.inBox(west - reach.lng, south - reach.lat, east + reach.lng, north + reach.lat, CANDIDATE_LIMIT);
    const flatArea = flatRings(area, frame);
    const within: NearbyParcel[] = [];
    for (const row of rows) {
      if (row.pin === subjectPin) continue;
      const distance = distanceFeet(flatArea, flatRings(row.geometry as Area, frame));
      if (distance > distanceFt + TOUCHING_TOLERANCE_FEET) continue;
      within.push({ ...toNearby(row), distance_ft: distance <= TOUCHING_TOLERANCE_FEET ? 0 : Math.min(distanceFt, Math.round(distance)) });
    }
    within.sort((a, b) => a.distance_ft - b.distance_ft || (a.pin < b.pin ? -1 : 1));
    return {
      ring: distanceFt > 0 ? turf.buffer(area, distanceFt, { units: 'feet' })!.geometry : area,
      distance_ft: distanceFt,
      parcels: within.slice(0, NEARBY_MAX_PARCELS),
      truncated: within.length > NEARBY_MAX_PARCELS || rows.length === CANDIDATE_LIMIT,
    };
  }
}

function toNearby(row: NearbyRow): Omit<NearbyParcel, 'distance_ft'> {
  return { ...row, taxacres: row.taxacres === null ? null : Number(row.taxacres) };
}

export type NearbyService = ReturnType<typeof createNearbyService>;
