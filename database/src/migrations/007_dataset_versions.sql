-- Several data sets served side by side, each with its last versions kept for a rollback.
--
-- `parcels` holds exactly the parcels being served: those of each data set's current version. Its
-- primary key on pin is what keeps a PIN from being served by two data sets. The versions that are
-- not current keep their parcels in `parcels_retired` (same columns, no indexes the map reads); a
-- publish or a rollback moves one version's rows between the two tables in one transaction.

ALTER TABLE datasets ADD COLUMN name text;
ALTER TABLE datasets ADD COLUMN version integer;
ALTER TABLE datasets ADD COLUMN rejected_count integer NOT NULL DEFAULT 0;
ALTER TABLE datasets ADD COLUMN west float8;
ALTER TABLE datasets ADD COLUMN south float8;
ALTER TABLE datasets ADD COLUMN east float8;
ALTER TABLE datasets ADD COLUMN north float8;

-- Until now an import replaced every parcel, so only the current row still has parcels: it becomes
-- version 1 of 'demo' (the generated county) or 'county' (an earlier import). The others hold nothing
-- a rollback could bring back.
DELETE FROM datasets WHERE NOT is_current;
UPDATE datasets
   SET name = CASE WHEN source_name LIKE 'Parcel Map demo county%' THEN 'demo' ELSE 'county' END,
       version = 1,
       west = (SELECT min(min_lon) FROM parcels), south = (SELECT min(min_lat) FROM parcels),
       east = (SELECT max(max_lon) FROM parcels), north = (SELECT max(max_lat) FROM parcels);
ALTER TABLE datasets ALTER COLUMN name SET NOT NULL;
ALTER TABLE datasets ALTER COLUMN version SET NOT NULL;
ALTER TABLE datasets ADD CONSTRAINT datasets_name_slug CHECK (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(name) <= 64);
ALTER TABLE datasets ADD CONSTRAINT datasets_name_version UNIQUE (name, version);
DROP INDEX datasets_one_current;
CREATE UNIQUE INDEX datasets_one_current_per_name ON datasets (name) WHERE is_current;

-- A data set removed takes all its versions' parcels with it.
ALTER TABLE parcels DROP CONSTRAINT parcels_dataset_id_fkey;
ALTER TABLE parcels ADD CONSTRAINT parcels_dataset_id_fkey FOREIGN KEY (dataset_id) REFERENCES datasets (id) ON DELETE CASCADE;

CREATE TABLE parcels_retired (LIKE parcels);
-- LIKE copies the generated bbox as a plain column; it is derived again when a version comes back.
ALTER TABLE parcels_retired DROP COLUMN bbox;
ALTER TABLE parcels_retired ADD CONSTRAINT parcels_retired_dataset_id_fkey FOREIGN KEY (dataset_id) REFERENCES datasets (id) ON DELETE CASCADE;
CREATE INDEX parcels_retired_dataset ON parcels_retired (dataset_id);

-- The data version the tiles, the parcel details cache and the map's tile URLs are keyed by: bumped by
-- every change to the datasets table (a publish, a rollback, a removal), in the same transaction.
-- It starts above every dataset id, the data version until now, so no old tile URL or ETag recurs.
CREATE TABLE data_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  value bigint NOT NULL
);
INSERT INTO data_version (value) SELECT coalesce(max(id), 0) + 1 FROM datasets;

CREATE OR REPLACE FUNCTION notify_parcel_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET value = value + 1;
  PERFORM pg_notify('parcel_data_version', '');
  RETURN NULL;
END
$$;

-- Settings the product keeps in its database: the map's initial view chosen on the Data page, and
-- whether the demo county was ever seeded (removing it must not bring it back at the next start).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
INSERT INTO app_settings (key, value) SELECT 'demo_seeded', 'true' WHERE EXISTS (SELECT 1 FROM datasets);
