// Parcel shapes that cross the network or a remote boundary (SPEC §3).

/** GET /api/parcels/{pin}: the parcel record. Missing values are null. */
export interface Parcel {
  pin: string;
  name: string | null;
  owner: string | null;
  add1: string | null;
  add2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  taxacres: number | null;
  township: string | null;
  zoning: string | null;
  sale_date: string | null;
  sales_price: number | null;
}

/** Properties of a feature in the `parcels` source layer of the vector tiles. */
export interface ParcelTileProperties {
  pin: string;
  PIN: string;
  Name?: string;
  ADD1?: string;
  CITY?: string;
  TaxAcres?: number;
}

export const PARCEL_SOURCE_LAYER = 'parcels';
