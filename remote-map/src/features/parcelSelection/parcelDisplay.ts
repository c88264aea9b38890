// How the detail panel writes parcel fields (SPEC §9 'Display formats'): USD without decimals,
// MM/DD/YYYY dates, tax acres to 2 decimals, 'N/A' for whatever is missing.
import { MISSING_VALUE, presentText as present, priceLabel, type OwnerMailing, type Parcel, type ParcelAttribute } from '@parcel-map/shared';

export { dateLabel, priceLabel } from '@parcel-map/shared';

export function textLabel(value: string | null | undefined): string {
  return present(value) ?? MISSING_VALUE;
}

export function ownerLabel(parcel: Pick<Parcel, 'owner' | 'name'>): string {
  return present(parcel.owner) ?? present(parcel.name) ?? MISSING_VALUE;
}

/** 'ADD1, CITY', or whichever part exists. */
export function addressLabel(parcel: Pick<Parcel, 'add1' | 'city'>): string {
  const parts = [present(parcel.add1), present(parcel.city)].filter((part): part is string => part !== null);
  return parts.length ? parts.join(', ') : MISSING_VALUE;
}

export function acresLabel(acres: number | null | undefined): string {
  return typeof acres === 'number' && Number.isFinite(acres) ? acres.toFixed(2) : MISSING_VALUE;
}

/** 'street, city, state ZIP', or null when the data has no mailing street. */
export function mailingAddressLabel(parcel: OwnerMailing): string | null {
  const street = present(parcel.mail_add1);
  if (!street) return null;
  const stateZip = [present(parcel.mail_state), present(parcel.mail_zip)].filter(Boolean).join(' ');
  return [street, present(parcel.mail_city), stateZip || null].filter(Boolean).join(', ');
}

/** A county attribute as the file gave it; money in SPEC's currency format. */
export function attributeLabel(attribute: Pick<ParcelAttribute, 'value' | 'format'>): string {
  const { value, format } = attribute;
  if (format === 'currency' && typeof value === 'number') return priceLabel(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return textLabel(String(value));
}

/** SPEC §9: the copied link is a maps-service search URL with the centroid's latitude,longitude. */
export function mapsSearchUrl({ lng, lat }: { lng: number; lat: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat.toFixed(6)},${lng.toFixed(6)}`;
}
