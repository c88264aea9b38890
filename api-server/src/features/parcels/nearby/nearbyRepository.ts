// The parcels a nearby list is made of: those whose boxes meet the search box (the GiST index on bbox).
import type { Queryable } from '@parcel-map/database';
import type { GeoJSONGeometry, NearbyParcel } from '@parcel-map/shared/contracts';

export type NearbyRow = Omit<NearbyParcel, 'distance_ft' | 'geometry'> & { geometry: GeoJSONGeometry };
/** A parcel's record without its outline (the candidate brought that). */
export type NearbyRecord = Omit<NearbyRow, 'geometry'>;
/** [west, south, east, north] in degrees. */
export type SearchBox = [number, number, number, number];

/** A parcel to measure: its outline as the JSON text stored, parsed only when its turn comes. */
export interface NearbyCandidate {
  fid: number;
  pin: string;
  geometry: string;
}

const RECORD_COLUMNS = 'pin, owner, add1, add2, city, state, zip, mail_add1, mail_city, mail_state, mail_zip, taxacres';
/** Parcels only: a nearby list is of owners, and a right-of-way, road, water or rail feature is nobody's. */
const PARCELS_IN_BOX = "kind = 'parcel' AND bbox && box(point($1, $2), point($3, $4))";
// Separators no feature id, no PIN (letters, digits, '.', '_', '-') and no JSON text (control characters only escaped) holds.
const UNIT = "E'\\x1f'";
const RECORD = "E'\\x1e'";

function splitCandidates(joined: string | null): NearbyCandidate[] {
  if (joined === null) return [];
  return joined.split('\x1e').map((candidate) => {
    const afterFid = candidate.indexOf('\x1f');
    const afterPin = candidate.indexOf('\x1f', afterFid + 1);
    return { fid: Number(candidate.slice(0, afterFid)), pin: candidate.slice(afterFid + 1, afterPin), geometry: candidate.slice(afterPin + 1) };
  });
}

export function createNearbyRepository(db: Queryable) {
  return {
    async findByPin(pin: string): Promise<NearbyRow | undefined> {
      const { rows } = await db.query<NearbyRow>(`SELECT ${RECORD_COLUMNS}, geometry FROM parcels WHERE pin = $1`, [pin]);
      return rows[0];
    },

    /** Every parcel whose box meets [west, south, east, north]: the candidates, by feature id. */
    async fidsInBox(box: SearchBox): Promise<number[]> {
      const { rows } = await db.query<{ fids: string | null }>(`SELECT string_agg(fid::text, ',') AS fids FROM parcels WHERE ${PARCELS_IN_BOX}`, box);
      return rows[0]?.fids ? rows[0].fids.split(',').map(Number) : [];
    },

    /**
     * These candidates' feature id, PIN and outline as text (a parcel no longer served is left out).
     * Their records are read once the nearest are known (`recordsInBox`): parsing every candidate's
     * record and outline in one go held the API's thread for the whole read. The database joins them
     * into one text value: PGlite hands rows over one by one at a cost per row that, for thousands of
     * outlines, held its one thread four times as long as the joining does — every other user's
     * query waiting behind it.
     */
    async candidates(fids: readonly number[]): Promise<NearbyCandidate[]> {
      const { rows } = await db.query<{ joined: string | null }>(
        `SELECT string_agg(fid::text || ${UNIT} || pin || ${UNIT} || geometry::text, ${RECORD}) AS joined FROM parcels WHERE fid = ANY($1::int[])`,
        [fids],
      );
      return splitCandidates(rows[0]?.joined ?? null);
    },

    /**
     * The records of these parcels of the box (any order; a PIN no longer served is left out), as one
     * JSON array for the reason above. The box keeps the plan on the bbox index: by PIN alone the
     * planner chose a scan of every parcel.
     */
    async recordsInBox(box: SearchBox, pins: string[]): Promise<NearbyRecord[]> {
      const { rows } = await db.query<{ json: string | null }>(
        `SELECT json_agg(records)::text AS json FROM (SELECT ${RECORD_COLUMNS} FROM parcels WHERE ${PARCELS_IN_BOX} AND pin = ANY($5::text[])) AS records`,
        [...box, pins],
      );
      return rows[0]?.json ? (JSON.parse(rows[0].json) as NearbyRecord[]) : [];
    },
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;
