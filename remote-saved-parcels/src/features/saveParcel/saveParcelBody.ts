import type { ParcelToSave, SaveParcelBody } from '@parcel-map/shared';

/** The tags typed in the save dialog, comma-separated: each trimmed, empty ones dropped (the API drops repeats). */
export function typedTags(text: string): string[] {
  return text.split(',').map((tag) => tag.trim()).filter(Boolean);
}

/** SPEC §7 POST /api/saved-parcels body, with the tags given (none: SPEC's body as it is). */
export function saveParcelBody({ parcel, centroid }: ParcelToSave, notes: string, tags: readonly string[] = []): SaveParcelBody {
  return {
    parcel_pin: parcel.pin,
    parcel_owner_name: parcel.owner || parcel.name || 'Unnamed',
    parcel_address: parcel.add1 || 'No Address',
    parcel_centroid_lat: centroid.lat,
    parcel_centroid_lon: centroid.lng,
    notes: notes === '' ? null : notes,
    ...(tags.length > 0 ? { tags: [...tags] } : {}),
  };
}
