import type { ParcelToSave, SaveParcelBody } from '@parcel-map/shared';

/** SPEC §7 POST /api/saved-parcels body. */
export function saveParcelBody({ parcel, centroid }: ParcelToSave, notes: string): SaveParcelBody {
  return {
    parcel_pin: parcel.pin,
    parcel_owner_name: parcel.owner || parcel.name || 'Unnamed',
    parcel_address: parcel.add1 || 'No Address',
    parcel_centroid_lat: centroid.lat,
    parcel_centroid_lon: centroid.lng,
    notes: notes === '' ? null : notes,
  };
}
