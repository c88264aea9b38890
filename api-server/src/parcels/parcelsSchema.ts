// Request validation and response shapes of /api/parcels (SPEC §3 Parcel (API)).
import type { Geometry } from 'geojson';
import { z } from 'zod';

export const PIN_PATTERN = /^[A-Za-z0-9._-]+$/;

export const pinSchema = z
  .string()
  .min(1, 'pin is required')
  .max(64, 'pin must be at most 64 characters')
  .regex(PIN_PATTERN, 'pin may contain only letters, digits, ".", "_" and "-"');

export const parcelParamsSchema = z.object({ pin: pinSchema });

/** Mirrors `Parcel` in shared/src/parcels/parcelTypes.ts, plus what the client needs to centre and save. */
export interface ParcelDetail {
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
  /** 'YYYY-MM-DD' */
  sale_date: string | null;
  sales_price: number | null;
  centroid: { lng: number; lat: number };
  geometry: Geometry;
}
