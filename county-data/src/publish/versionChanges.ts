// What changed between two versions of a data set (issue #43), worked out by the database: the served
// version's table against the new version's (a publish), or against a temporary table of a validated
// file's rows (a validation). Each parcel is matched by PIN in one join; the change log's rows go to
// `dataset_changes` (migration 021) at a publish, or back to the caller at a validation.
import type { Db, Queryable } from '@parcel-map/database';
import { PARCEL_CHANGE_KINDS, type ChangeCounts, type ParcelAttributeField, type ParcelChange, type ParcelChangeKind } from '@parcel-map/shared/contracts';
import type { ParcelInsert } from './parcelWriter.ts';
import { parcelTableOf } from './parcelVersionTables.ts';

// Rows of a validated file written per statement into the temporary table (one JSON parameter each).
const CANDIDATE_BATCH = 5000;
const CANDIDATES = 'pg_temp.candidate_parcels';

/** The attributes whose change is a change of value: the mapping's money ones ('Appraised total value'). */
function valueFieldsOf(attributeFields: readonly ParcelAttributeField[]): { key: string; label: string }[] {
  return attributeFields.filter((field) => field.format === 'currency').map(({ key, label }) => ({ key, label }));
}

/**
 * The SELECT of every change from relation `before` to relation `after` (each with the parcel
 * table's pin, add1, owner, taxacres, sale_date, sales_price, geometry and attributes columns), as
 * rows (kind, pin, address, before, after); $1 is the value fields as a JSON array of {key, label}.
 * The outlines are compared as the JSON text they were written as (one writer writes every version).
 */
function changesSql(before: string, after: string): string {
  // Each side's fields, from the pair's columns prefixed o_ (before) or n_ (after).
  const summary = (side: 'o' | 'n') => `jsonb_build_object('Address', ${side}_add1, 'Owner', ${side}_owner, 'Acres', ${side}_taxacres)`;
  const sale = (side: 'o' | 'n') => `jsonb_build_object('Sale date', to_char(${side}_sale_date, 'MM/DD/YYYY'), 'Sale price', ${side}_sales_price)`;
  const values = (side: 'o' | 'n') => `(SELECT jsonb_object_agg(f.label, ${side}_attributes -> f.key) FROM value_fields f)`;
  const sides = (side: 'o' | 'n') =>
    ['add1', 'owner', 'taxacres', 'sale_date', 'sales_price', 'attributes'].map((column) => `${side}.${column} AS ${side}_${column}`).join(', ');
  return `
    WITH value_fields AS (SELECT f ->> 'key' AS key, f ->> 'label' AS label FROM jsonb_array_elements($1::jsonb) f),
    pairs AS (
      SELECT coalesce(n.pin, o.pin) AS pin, coalesce(n.add1, o.add1) AS address, o.pin IS NOT NULL AS in_before, n.pin IS NOT NULL AS in_after,
             o.geometry::text IS DISTINCT FROM n.geometry::text AS outline_changed, ${sides('o')}, ${sides('n')}
        FROM ${before} o FULL JOIN ${after} n ON n.pin = o.pin
    )
    SELECT 'added' AS kind, pin, address, NULL::jsonb AS before, ${summary('n')} AS after FROM pairs WHERE NOT in_before
    UNION ALL
    SELECT 'removed', pin, address, ${summary('o')}, NULL FROM pairs WHERE NOT in_after
    UNION ALL
    SELECT 'outline', pin, address, jsonb_build_object('Acres', o_taxacres), jsonb_build_object('Acres', n_taxacres) FROM pairs WHERE in_before AND in_after AND outline_changed
    UNION ALL
    SELECT 'owner', pin, address, jsonb_build_object('Owner', o_owner), jsonb_build_object('Owner', n_owner)
      FROM pairs WHERE in_before AND in_after AND o_owner IS DISTINCT FROM n_owner
    UNION ALL
    SELECT 'sold', pin, address, ${sale('o')}, ${sale('n')}
      FROM pairs WHERE in_before AND in_after AND (o_sale_date, o_sales_price) IS DISTINCT FROM (n_sale_date, n_sales_price)
    UNION ALL
    SELECT 'value', pin, address, ${values('o')}, ${values('n')}
      FROM pairs WHERE in_before AND in_after AND EXISTS (SELECT 1 FROM value_fields f WHERE (o_attributes -> f.key) IS DISTINCT FROM (n_attributes -> f.key))`;
}

/** The id of the version of `name` served now, if any. */
async function servedVersionOf(tx: Queryable, name: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM datasets WHERE name = $1 AND is_current', [name]);
  return rows[0]?.id;
}

/** Counts by kind, every kind present. */
function countsOf(rows: readonly { kind: ParcelChangeKind; count: number }[]): ChangeCounts {
  const counts = Object.fromEntries(PARCEL_CHANGE_KINDS.map((kind) => [kind, 0])) as ChangeCounts;
  for (const { kind, count } of rows) counts[kind] = count;
  return counts;
}

/**
 * Inside a publish, before the new version becomes current: records what version `id` changes
 * against the version of `name` served now (its change log and counts); nothing for a first version.
 */
export async function recordVersionChanges(tx: Queryable, name: string, id: number, attributeFields: readonly ParcelAttributeField[]): Promise<void> {
  const served = await servedVersionOf(tx, name);
  if (served === undefined || served === id) return;
  await tx.query(
    `INSERT INTO dataset_changes (dataset_id, kind, pin, address, before, after)
     SELECT $2, kind, pin, address, before, after FROM (${changesSql(parcelTableOf(served), parcelTableOf(id))}) c`,
    [JSON.stringify(valueFieldsOf(attributeFields)), id],
  );
  // Every kind named, none left to the reader to default.
  const { rows } = await tx.query<{ kind: ParcelChangeKind; count: number }>('SELECT kind, count(*)::int AS count FROM dataset_changes WHERE dataset_id = $1 GROUP BY kind', [id]);
  await tx.query('UPDATE datasets SET change_counts = $2::jsonb WHERE id = $1', [id, JSON.stringify(countsOf(rows))]);
}

/** A version's change log as its page of the Data page reads it: the counts, and a page of one kind or all. */
export interface ChangeLog {
  counts: ChangeCounts;
  /** Changes by kind (PARCEL_CHANGE_KINDS' order) then PIN, `kind`'s only if given. */
  page(kind: ParcelChangeKind | undefined, offset: number, limit: number): Promise<ParcelChange[]>;
}

/** Version `version` of data set `name`'s change log; undefined for no such version, null for one with none recorded. */
export async function versionChangeLog(db: Queryable, name: string, version: number): Promise<ChangeLog | null | undefined> {
  const { rows } = await db.query<{ id: number; counts: ChangeCounts | null }>('SELECT id, change_counts AS counts FROM datasets WHERE name = $1 AND version = $2', [name, version]);
  const row = rows[0];
  if (!row) return undefined;
  if (!row.counts) return null;
  return {
    counts: row.counts,
    async page(kind, offset, limit) {
      const { rows: changes } = await db.query<ParcelChange>(
        `SELECT kind, pin, address, before, after FROM dataset_changes
          WHERE dataset_id = $1 AND ($2::text IS NULL OR kind = $2)
          ORDER BY array_position($3::text[], kind), pin OFFSET $4 LIMIT $5`,
        [row.id, kind ?? null, PARCEL_CHANGE_KINDS, offset, limit],
      );
      return changes;
    },
  };
}

/** The change log of a validated file against its data set's served version, held whole (a validation's). */
export function changeLogOf(changes: readonly ParcelChange[]): ChangeLog {
  const counts = countsOf([]);
  for (const change of changes) counts[change.kind] += 1;
  return {
    counts,
    page: async (kind, offset, limit) => (kind === undefined ? changes : changes.filter((change) => change.kind === kind)).slice(offset, offset + limit),
  };
}

/**
 * What a validated file's rows change against the version of `name` served now, by kind then PIN;
 * null when none is served. The rows go into a temporary table for the one join, gone at the commit.
 */
export async function changesAgainstServed(db: Db, name: string, rows: readonly ParcelInsert[], attributeFields: readonly ParcelAttributeField[]): Promise<ParcelChange[] | null> {
  return db.transaction(async (tx) => {
    const served = await servedVersionOf(tx, name);
    if (served === undefined) return null;
    await tx.exec(`CREATE TEMP TABLE candidate_parcels (pin text PRIMARY KEY, add1 text, owner text, taxacres float8, sale_date date, sales_price bigint, geometry json, attributes jsonb) ON COMMIT DROP`);
    for (let start = 0; start < rows.length; start += CANDIDATE_BATCH) {
      const batch = rows.slice(start, start + CANDIDATE_BATCH).map(({ pin, add1, owner, taxacres, sale_date, sales_price, geometry, attributes }) => ({ pin, add1, owner, taxacres, sale_date, sales_price, geometry, attributes }));
      await tx.query(
        `INSERT INTO ${CANDIDATES} SELECT * FROM json_to_recordset($1::json)
           AS r(pin text, add1 text, owner text, taxacres float8, sale_date date, sales_price bigint, geometry json, attributes jsonb)`,
        [JSON.stringify(batch)],
      );
    }
    const { rows: changes } = await tx.query<ParcelChange>(
      `SELECT * FROM (${changesSql(parcelTableOf(served), CANDIDATES)}) c ORDER BY array_position($2::text[], kind), pin`,
      [JSON.stringify(valueFieldsOf(attributeFields)), PARCEL_CHANGE_KINDS],
    );
    return changes;
  });
}
