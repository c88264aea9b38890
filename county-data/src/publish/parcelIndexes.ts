// Bulk loads (the demo seed, a PGlite import) build the parcels table's secondary indexes once after
// the rows are in, instead of maintaining them row by row.
import type { Queryable } from '@parcel-map/database';

/**
 * Drops the parcels table's indexes other than those backing constraints (the primary key) and
 * returns their definitions, to be run again after the bulk load. Inside the loader's transaction,
 * so a failed load leaves them as they were.
 */
export async function dropSecondaryParcelIndexes(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = 'parcels'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
  );
  for (const row of rows) await tx.exec(`DROP INDEX ${row.name}`);
  return rows.map((row) => row.definition);
}
