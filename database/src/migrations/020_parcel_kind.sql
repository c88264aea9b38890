-- Issue #43: what each published feature is. A county's parcel file also holds features that are not
-- someone's parcel — the city's right-of-way, roads, water, rail (shared's ParcelKind) — kept and
-- drawn as what they are, and left out of owner lists. Every row written before this is a parcel.
--
-- The column goes on `parcels` (and with it on every attached version table) and on every detached
-- version table too: a retired version is attached again on a rollback, which needs the same columns.
-- The closed set of kinds is checked by the importer, not here: a CHECK on the partitioned table would
-- have to be matched, by name, on every detached table before it could be attached again.
ALTER TABLE parcels ADD COLUMN kind text NOT NULL DEFAULT 'parcel';

DO $$
DECLARE
  version_table regclass;
BEGIN
  FOR version_table IN
    SELECT c.oid::regclass FROM pg_class c
     WHERE c.relkind = 'r' AND c.relname ~ '^parcels_v[0-9]+$' AND NOT c.relispartition
       AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'kind' AND NOT a.attisdropped)
  LOOP
    EXECUTE format('ALTER TABLE %s ADD COLUMN kind text NOT NULL DEFAULT %L', version_table, 'parcel');
  END LOOP;
END
$$;
