// How the detail panel writes parcel fields (SPEC §9 'Display formats'); more fields join later.
import type { Parcel } from '@parcel-map/shared';

export const MISSING_VALUE = 'N/A';

function present(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

export function ownerLabel(parcel: Pick<Parcel, 'owner' | 'name'>): string {
  return present(parcel.owner) ?? present(parcel.name) ?? MISSING_VALUE;
}

/** 'ADD1, CITY', or whichever part exists. */
export function addressLabel(parcel: Pick<Parcel, 'add1' | 'city'>): string {
  const parts = [present(parcel.add1), present(parcel.city)].filter((part): part is string => part !== null);
  return parts.length ? parts.join(', ') : MISSING_VALUE;
}
