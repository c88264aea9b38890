// What a whole list's CSV reads (wholeListCsv.ts): the shown attributes of the data sets served, and
// the listed parcels' rows by feature id. Shared by attribute queries and nearby lists.
import type { Queryable } from '@parcel-map/database';
import type { ParcelAttributeField, ParcelAttributeValues } from '@parcel-map/shared/contracts';

/** A whole list's row: its cells in QUERY_CSV_COLUMNS' order, and its attributes. */
export type CsvRecord = [cells: (string | number | null)[], attributes: ParcelAttributeValues | null];
/** The columns read for QUERY_CSV_COLUMNS, in its order. */
const CSV_SOURCES = [
  'pin', 'owner', 'add1', 'add2', 'city', 'state', 'zip', 'taxacres', 'zoning', 'township', 'sale_date', 'sales_price',
  'centroid_lat', 'centroid_lon', 'mail_add1', 'mail_city', 'mail_state', 'mail_zip',
] as const;
/** [fid, ...the CSV_SOURCES' values, attributes] */
type CsvRow = [number, ...(string | number | null)[]];

export function createWholeListRepository(db: Queryable) {
  return {
    /** The shown attributes of the data sets served, each key once, in the data sets' order (their import mappings'). */
    async shownAttributeFields(): Promise<ParcelAttributeField[]> {
      const { rows } = await db.query<{ attribute_fields: ParcelAttributeField[] | null }>('SELECT attribute_fields FROM datasets WHERE is_current ORDER BY id');
      const fields = new Map<string, ParcelAttributeField>();
      for (const field of rows.flatMap((row) => row.attribute_fields ?? [])) if (!fields.has(field.key)) fields.set(field.key, field);
      return [...fields.values()];
    },

    /**
     * These parcels' rows for the CSV, in the order given; a parcel no longer served is left out. Read
     * through the feature id index and put in order here: joined to the list's positions in SQL, the
     * planner hashed the whole table for every chunk.
     */
    async records(fids: readonly number[]): Promise<CsvRecord[]> {
      const { rows } = await db.query<{ records: string | null }>(
        `SELECT json_agg(json_build_array(p.fid, ${CSV_SOURCES.map((column) => `p.${column}`).join(', ')}, p.attributes))::text AS records
           FROM parcels p WHERE p.fid = ANY($1::int[])`,
        [fids],
      );
      const read = rows[0]?.records ? (JSON.parse(rows[0].records) as CsvRow[]) : [];
      const byFid = new Map(read.map((row) => [row[0], row]));
      return fids.flatMap((fid) => {
        const row = byFid.get(fid);
        if (!row) return [];
        return [[row.slice(1, 1 + CSV_SOURCES.length) as (string | number | null)[], row[1 + CSV_SOURCES.length] as unknown as ParcelAttributeValues | null]];
      });
    },
  };
}

export type WholeListRepository = ReturnType<typeof createWholeListRepository>;
