import { NotFoundError } from '../http/httpErrors.ts';
import type { ParcelsRepository } from './parcelsRepository.ts';
import type { ParcelDetail } from './parcelsSchema.ts';

export function createParcelsService(repository: ParcelsRepository) {
  return {
    async getParcel(pin: string): Promise<ParcelDetail> {
      const row = await repository.findByPin(pin);
      if (!row) throw new NotFoundError('Parcel not found');
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
        centroid: { lng: row.centroid_lon, lat: row.centroid_lat },
        geometry: row.geometry,
      };
    },
  };
}

export type ParcelsService = ReturnType<typeof createParcelsService>;
