// The parcels a nearby list is made of: those whose boxes meet the search box (the GiST index on bbox).
import type { Queryable } from '@parcel-map/database';
import type { GeoJSONGeometry, NearbyParcel } from '@parcel-map/shared/contracts';

export type NearbyRow = Omit<NearbyParcel, 'distance_ft' | 'geometry'> & { geometry: GeoJSONGeometry };

/** A parcel to measure: its outline as the JSON text stored, parsed only when its turn comes. */
export interface NearbyCandidate {
  pin: string;
  geometry: string;
}

const NEARBY_COLUMNS = 'pin, owner, add1, add2, city, state, zip, mail_add1, mail_city, mail_state, mail_zip, taxacres, geometry';

export function createNearbyRepository(db: Queryable) {
  return {
    async findByPin(pin: string): Promise<NearbyRow | undefined> {
      const { rows } = await db.query<NearbyRow>(`SELECT ${NEARBY_COLUMNS} FROM parcels WHERE pin = $1`, [pin]);
      return rows[0];
    },

    /**
     * At most `limit` parcels whose box meets [west, south, east, north]: PIN and outline as text.
     * Their records are read once the nearest are known (`byPins`): parsing every candidate's
     * record and outline in one go held the API's thread for the whole read.
     */
    async candidatesInBox(west: number, south: number, east: number, north: number, limit: number): Promise<NearbyCandidate[]> {
      const { rows } = await db.query<NearbyCandidate>(
        'SELECT pin, geometry::text AS geometry FROM parcels WHERE bbox && box(point($1, $2), point($3, $4)) LIMIT $5',
        [west, south, east, north, limit],
      );
      return rows;
    },

    /** The records of these parcels (any order; a PIN no longer served is left out). */
    async byPins(pins: string[]): Promise<NearbyRow[]> {
      const { rows } = await db.query<NearbyRow>(`SELECT ${NEARBY_COLUMNS} FROM parcels WHERE pin = ANY($1::text[])`, [pins]);
      return rows;
    },
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;
