// Nearby parcels: every parcel within a distance of a parcel or of a drawn area,
// measured edge to edge, nearest first, with the ring the distance draws. Knows no HTTP.
//
// Bounded cost: the area's segments are indexed once (nearbyGeometry.ts), the
// candidates' outlines are parsed and measured in slices of the event loop, only the nearest
// NEARBY_MAX_PARCELS have their records read, and the ring is traced on a grid (nearbyRing.ts). The
// answer is JSON text with the listed outlines spliced in as stored: parsing 2,000 outlines again and
// serialising them held the API's thread for 20–45 ms at a time, each (measured on a drawn star).
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { NEARBY_MAX_PARCELS, type NearbyParcel, type NearbyResponse } from '@parcel-map/shared/contracts';
import { jsonWithStored } from '../../../platform/http/storedJson.ts';
import { NotFoundError } from '../../../platform/http/httpErrors.ts';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import { flatFrame, flatRings, indexArea } from './nearbyGeometry.ts';
import { ringAround } from './nearbyRing.ts';
import type { NearbyCandidate, NearbyRecord, NearbyRepository, SearchBox } from './nearbyRepository.ts';

/**
 * Neighbours whose edges lie within this many feet count as touching at distance 0: a county's
 * shared boundaries are drawn twice, and the two lines differ by a few centimetres.
 */
const TOUCHING_TOLERANCE_FEET = 1;
/**
 * Candidates read from the box at most (a list that reaches it is marked truncated): the parcels of a
 * mile round a lot in the densest part of the demo county. What a request costs is about this many
 * outlines read and measured (docs/decisions.md, nearby).
 */
const CANDIDATE_LIMIT = 8_000;

type Area = Polygon | MultiPolygon;

export function createNearbyService(repository: NearbyRepository) {
  return {
    /** The parcels near a parcel, as NearbyResponse JSON. */
    async aroundParcelJson(pin: string, distanceFt: number): Promise<string> {
      const subject = await repository.findByPin(pin);
      if (!subject) throw new NotFoundError('Parcel not found');
      return around(subject.geometry as Area, distanceFt, { ...toNearby(subject), distance_ft: 0 });
    },

    /** The parcels near a drawn area, as NearbyResponse JSON. */
    async aroundAreaJson(area: Area, distanceFt: number): Promise<string> {
      return around(area, distanceFt, null);
    },
  };

  async function around(area: Area, distanceFt: number, subject: NearbyResponse['subject']): Promise<string> {
    const [west, south, east, north] = turf.bbox(area);
    const frame = flatFrame(turf.centroid(area).geometry.coordinates);
    const reach = frame.degrees(distanceFt + TOUCHING_TOLERANCE_FEET);
    const box: SearchBox = [west - reach.lng, south - reach.lat, east + reach.lng, north + reach.lat];
    const candidates = await repository.candidatesInBox(box, CANDIDATE_LIMIT);
    const indexed = indexArea(flatRings(area, frame));
    const slices = eventLoopSlices();
    const within: { candidate: NearbyCandidate; distance_ft: number }[] = [];
    for (const candidate of candidates) {
      if (candidate.pin === subject?.pin) continue;
      const distance = indexed.distanceTo(flatRings(JSON.parse(candidate.geometry) as Area, frame), distanceFt + TOUCHING_TOLERANCE_FEET);
      if (distance !== Infinity) within.push({ candidate, distance_ft: distance <= TOUCHING_TOLERANCE_FEET ? 0 : Math.min(distanceFt, Math.round(distance)) });
      if (slices.spent) await slices.next();
    }
    within.sort((a, b) => a.distance_ft - b.distance_ft || (a.candidate.pin < b.candidate.pin ? -1 : 1));
    const nearest = within.slice(0, NEARBY_MAX_PARCELS);
    const records = new Map((await repository.recordsInBox(box, nearest.map(({ candidate }) => candidate.pin))).map((record) => [record.pin, record]));
    const parcels: string[] = [];
    for (const { candidate, distance_ft } of nearest) {
      const record = records.get(candidate.pin);
      if (record) parcels.push(jsonWithStored({ ...toNearby(record), distance_ft } satisfies Omit<NearbyParcel, 'geometry'>, 'geometry', candidate.geometry));
      if (slices.spent) await slices.next();
    }
    const rest: Omit<NearbyResponse, 'parcels'> = {
      subject,
      ring: distanceFt > 0 ? await ringAround(area, indexed, frame, distanceFt, slices) : area,
      distance_ft: distanceFt,
      truncated: within.length > NEARBY_MAX_PARCELS || candidates.length === CANDIDATE_LIMIT,
    };
    return jsonWithStored(rest, 'parcels', `[${parcels.join(',')}]`);
  }
}

function toNearby<Row extends NearbyRecord>(row: Row): Row & { taxacres: number | null } {
  return { ...row, taxacres: row.taxacres === null ? null : Number(row.taxacres) };
}

export type NearbyService = ReturnType<typeof createNearbyService>;
