// The record's fields a data set version holds for none of its parcels (migration 019), read from the
// version's own table once it is written, whoever wrote it (an import, the demo seed).
import type { Queryable } from '@parcel-map/database';
import { PARCEL_RECORD_FIELDS, type ParcelRecordField } from '@parcel-map/shared/contracts';
import { parcelTableOf } from './parcelVersionTables.ts';

const ANY_VALUE = PARCEL_RECORD_FIELDS.map((field) => `bool_or(${field} IS NOT NULL) AS ${field}`).join(', ');

export async function emptyRecordFields(tx: Queryable, datasetId: number): Promise<ParcelRecordField[]> {
  const { rows } = await tx.query<Record<ParcelRecordField, boolean | null>>(`SELECT ${ANY_VALUE} FROM ${parcelTableOf(datasetId)}`);
  return PARCEL_RECORD_FIELDS.filter((field) => rows[0]?.[field] !== true);
}
