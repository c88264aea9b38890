import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { ParcelDetails } from '@parcel-map/shared/contracts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';
import { shownAttributes } from './parcelAttributes.ts';
import type { ParcelRow, ParcelsRepository } from './parcelsRepository.ts';

/** ~1–3 KB each (the outline dominates): a few tens of MB at most. */
const DETAILS_CACHE_ENTRIES = 10_000;

export function createParcelsService(repository: ParcelsRepository, dataVersion: Pick<DataVersion, 'known' | 'current'>) {
  // Details by PIN: the parcel panel's request, asked again for every parcel a person revisits. A
  // record changes only when an import makes a new data set current, which empties the cache.
  const details = createVersionedCache<ParcelDetails>(dataVersion, DETAILS_CACHE_ENTRIES);
  return {
    async getParcel(pin: string): Promise<ParcelDetails> {
      return details.get(pin, async () => {
        const row = await repository.findByPin(pin);
        if (!row) throw new NotFoundError('Parcel not found');
        return toDetail(row);
      });
    },

    /** getParcel's answer when it is in memory for the data version known to be current. */
    peekParcel(pin: string): ParcelDetails | undefined {
      return details.peek(pin);
    },

    /** The parcel whose polygon contains the point (boundary counts as inside). */
    async parcelAt(lng: number, lat: number): Promise<ParcelDetails> {
      const candidates = await repository.findCandidatesAt(lng, lat);
      const hit = candidates.find((row) => {
        const geometry = row.geometry;
        if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return false;
        return turf.booleanPointInPolygon([lng, lat], geometry as Polygon | MultiPolygon);
      });
      if (!hit) throw new NotFoundError('No parcel at this location');
      return toDetail(hit);
    },

    async getByFeatureId(id: number): Promise<ParcelDetails> {
      const row = await repository.findByFeatureId(id);
      if (!row) throw new NotFoundError('Parcel not found');
      return toDetail(row);
    },
  };
}

function toDetail(row: ParcelRow): ParcelDetails {
  return {
    pin: row.pin,
    name: row.name,
    owner: row.owner,
    add1: row.add1,
    add2: row.add2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    taxacres: row.taxacres,
    township: row.township,
    zoning: row.zoning,
    sale_date: row.sale_date,
    sales_price: row.sales_price,
    mail_add1: row.mail_add1,
    mail_city: row.mail_city,
    mail_state: row.mail_state,
    mail_zip: row.mail_zip,
    attributes: shownAttributes(row),
    empty_fields: row.empty_fields ?? [],
    centroid: { lng: row.centroid_lon, lat: row.centroid_lat },
    geometry: row.geometry,
    dataset: row.dataset,
  };
}

export type ParcelsService = ReturnType<typeof createParcelsService>;
