// Nearby parcels: every parcel within a distance of a parcel or of a drawn area,
// measured edge to edge, nearest first, with the ring the distance draws; the nearest as JSON with
// how many there are, or all of them as a whole-list CSV. Knows no HTTP.
//
// Bounded cost: the area's segments are indexed once (nearbyGeometry.ts), the
// candidates' outlines are read a chunk a statement and parsed and measured in slices of the event
// loop, only the nearest NEARBY_MAX_PARCELS have their records read for the JSON, and the ring is
// traced on a grid (nearbyRing.ts). The answer is JSON text with the listed outlines spliced in as
// stored: parsing 2,000 outlines again and serialising them held the API's thread for 20–45 ms at a
// time, each (measured on a drawn star).
import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { NEARBY_CSV_DISTANCE_COLUMN, NEARBY_MAX_PARCELS, type NearbyParcel, type NearbyResponse } from '@parcel-map/shared/contracts';
import { jsonWithStored } from '../../../platform/http/storedJson.ts';
import { NotFoundError } from '../../../platform/http/httpErrors.ts';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import type { SearchGate } from '../search/searchGate.ts';
import { wholeListCsv } from '../wholeList/wholeListCsv.ts';
import type { WholeListRepository } from '../wholeList/wholeListRepository.ts';
import { flatFrame, flatRings, indexArea, type IndexedArea, type FlatFrame } from './nearbyGeometry.ts';
import { ringAround } from './nearbyRing.ts';
import type { NearbyCandidate, NearbyRecord, NearbyRepository, SearchBox } from './nearbyRepository.ts';

/**
 * Neighbours whose edges lie within this many feet count as touching at distance 0: a county's
 * shared boundaries are drawn twice, and the two lines differ by a few centimetres.
 */
const TOUCHING_TOLERANCE_FEET = 1;
/**
 * Candidates' outlines read per statement: on PGlite another user's query waits for one such read at
 * most, however many parcels a mile round a town lot holds (the query's areas read as many).
 */
const OUTLINES_PER_READ = 2_000;

type Area = Polygon | MultiPolygon;

/** What a list is around: a parcel (by PIN) or a drawn area. */
export type NearbyOf = { pin: string } | { area: Area };

interface Measured {
  candidate: NearbyCandidate;
  distance_ft: number;
}

export function createNearbyService(deps: { repository: NearbyRepository; wholeList: WholeListRepository; gate: SearchGate }) {
  const { repository } = deps;
  return {
    /** The nearest NEARBY_MAX_PARCELS within the distance and how many there are, as NearbyResponse JSON. */
    async nearestJson(of: NearbyOf, distanceFt: number): Promise<string> {
      const { area, subject } = await subjectOf(of);
      const { box, indexed, frame, within } = await measure(area, distanceFt, subject?.pin);
      const slices = eventLoopSlices();
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
        total: within.length,
        truncated: within.length > NEARBY_MAX_PARCELS,
      };
      return jsonWithStored(rest, 'parcels', `[${parcels.join(',')}]`);
    },

    /**
     * Every parcel within the distance as CSV lines (wholeListCsv.ts), nearest first, each with its
     * distance: `total` rows. `user`: whose list it is, for the turns its reads take at the gate.
     */
    async wholeListCsv(of: NearbyOf, distanceFt: number, user: string): Promise<AsyncGenerator<string>> {
      const { area, subject } = await subjectOf(of);
      const { within } = await measure(area, distanceFt, subject?.pin);
      return wholeListCsv({
        fids: within.map(({ candidate }) => candidate.fid),
        attributes: await deps.wholeList.shownAttributeFields(),
        read: (chunk) => deps.gate(user, () => deps.wholeList.records(chunk)),
        extra: { columns: [NEARBY_CSV_DISTANCE_COLUMN], cells: (index) => [within[index]!.distance_ft] },
      });
    },
  };

  async function subjectOf(of: NearbyOf): Promise<{ area: Area; subject: NearbyResponse['subject'] }> {
    if ('area' in of) return { area: of.area, subject: null };
    const subject = await repository.findByPin(of.pin);
    if (!subject) throw new NotFoundError('Parcel not found');
    return { area: subject.geometry as Area, subject: { ...toNearby(subject), distance_ft: 0 } };
  }

  /** Every parcel within the distance (the subject aside), nearest first, then by PIN. */
  async function measure(area: Area, distanceFt: number, subjectPin: string | undefined): Promise<{ box: SearchBox; indexed: IndexedArea; frame: FlatFrame; within: Measured[] }> {
    const [west, south, east, north] = turf.bbox(area);
    const frame = flatFrame(turf.centroid(area).geometry.coordinates);
    const reach = frame.degrees(distanceFt + TOUCHING_TOLERANCE_FEET);
    const box: SearchBox = [west - reach.lng, south - reach.lat, east + reach.lng, north + reach.lat];
    const fids = await repository.fidsInBox(box);
    const indexed = indexArea(flatRings(area, frame));
    const slices = eventLoopSlices();
    const within: Measured[] = [];
    for (let start = 0; start < fids.length; start += OUTLINES_PER_READ) {
      for (const candidate of await repository.candidates(fids.slice(start, start + OUTLINES_PER_READ))) {
        if (candidate.pin === subjectPin) continue;
        const distance = indexed.distanceTo(flatRings(JSON.parse(candidate.geometry) as Area, frame), distanceFt + TOUCHING_TOLERANCE_FEET);
        if (distance !== Infinity) within.push({ candidate, distance_ft: distance <= TOUCHING_TOLERANCE_FEET ? 0 : Math.min(distanceFt, Math.round(distance)) });
        if (slices.spent) await slices.next();
      }
    }
    within.sort((a, b) => a.distance_ft - b.distance_ft || (a.candidate.pin < b.candidate.pin ? -1 : 1));
    return { box, indexed, frame, within };
  }
}

function toNearby<Row extends NearbyRecord>(row: Row): Row & { taxacres: number | null } {
  return { ...row, taxacres: row.taxacres === null ? null : Number(row.taxacres) };
}

export type NearbyService = ReturnType<typeof createNearbyService>;
