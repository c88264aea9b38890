import { describe, expect, it } from 'vitest';
import type { Parcel } from '@parcel-map/shared';
import { saveParcelBody, typedTags } from './saveParcelBody.ts';

const parcel: Parcel = {
  pin: '4634123456', name: 'SMITH JOHN', owner: null, add1: null, add2: null, city: 'MOORESVILLE', state: 'NC',
  zip: null, taxacres: 1.2, township: null, zoning: null, sale_date: null, sales_price: null,
};

describe('saveParcelBody', () => {
  it('takes the owner, else the name, else Unnamed, and No Address without an address', () => {
    expect(saveParcelBody({ parcel, centroid: { lng: -80.86, lat: 35.62 } }, '')).toEqual({
      parcel_pin: '4634123456',
      parcel_owner_name: 'SMITH JOHN',
      parcel_address: 'No Address',
      parcel_centroid_lat: 35.62,
      parcel_centroid_lon: -80.86,
      notes: null,
    });
    const owned = { ...parcel, owner: 'DOE JANE', add1: '12 LAKE RD' };
    expect(saveParcelBody({ parcel: owned, centroid: { lng: 1, lat: 2 } }, 'dock')).toMatchObject({
      parcel_owner_name: 'DOE JANE', parcel_address: '12 LAKE RD', notes: 'dock',
    });
    expect(saveParcelBody({ parcel: { ...parcel, name: null }, centroid: { lng: 1, lat: 2 } }, '').parcel_owner_name).toBe('Unnamed');
  });

  it('adds the tags typed, comma-separated, only when there are some', () => {
    expect(typedTags(' Listing, Creek front ,, ')).toEqual(['Listing', 'Creek front']);
    const centroid = { lng: 1, lat: 2 };
    expect(saveParcelBody({ parcel, centroid }, '', ['Listing'])).toMatchObject({ tags: ['Listing'] });
    expect(saveParcelBody({ parcel, centroid }, '', [])).not.toHaveProperty('tags');
  });
});
