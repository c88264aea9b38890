// The parcels a nearby list is made of: those whose boxes meet the search box (the GiST index on bbox).
import type { Queryable } from '@parcel-map/database';
import type { GeoJSONGeometry, NearbyParcel } from '@parcel-map/shared/contracts';

export type NearbyRow = Omit<NearbyParcel, 'distance_ft' | 'geometry'> & { geometry: GeoJSONGeometry };

const NEARBY_COLUMNS = 'pin, owner, add1, add2, city, state, zip, mail_add1, mail_city, mail_state, mail_zip, taxacres, geometry';

export function createNearbyRepository(db: Queryable) {
  return {
    async findByPin(pin: string): Promise<NearbyRow | undefined> {
      const { rows } = await db.query<NearbyRow>(`SELECT ${NEARBY_COLUMNS} FROM parcels WHERE pin = $1`, [pin]);
      return rows[0];
    },

    /** At most `limit` parcels whose box meets [west, south, east, north]. */
    async inBox(west: number, south: number, east: number, north: number, limit: number): Promise<NearbyRow[]> {
      const { rows } = await db.query<NearbyRow>(
        `SELECT ${NEARBY_COLUMNS} FROM parcels WHERE bbox && box(point($1, $2), point($3, $4)) LIMIT $5`,
        [west, south, east, north, limit],
      );
      return rows;
    },
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;
