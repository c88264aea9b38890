-- Each data set version's parcels in a table of their own (issue #23 point 4: a whole state on one
-- machine). Migration 007 kept the served versions' parcels in one indexed table and moved a version's
-- rows in and out of it row by row; at millions of parcels, maintaining eleven indexes row by row was
-- most of an import's time (200,000 rows: 0.7 s into a bare table, 5.5 s into the indexed one).
--
-- Now `parcels` is partitioned by dataset_id, and each version's rows live in `parcels_v<id>`:
--  * a publish writes the new version's table bare, then attaches it, which builds its indexes once;
--  * retiring a version detaches its table (indexes and all), a rollback attaches it again — no row moves;
--  * deleting a version's datasets row drops its table (the trigger below).
-- The partitioned table's indexes are defined here once, and every version's table gets them.
--
-- A unique key on a partitioned table must include the partition key, so the database no longer
-- keeps one PIN from being served by two data sets: the importer rejects such PINs batch by batch
-- under the publish lock, and a rollback checks the version it brings back (datasetVersions.ts).

DROP INDEX parcels_bbox_gist, parcels_lon_range, parcels_lat_range, parcels_fid, parcels_search_words,
  parcels_pin_compact, parcels_add1_prefix, parcels_owner_prefix, parcels_city, parcels_zip;
ALTER TABLE parcels RENAME TO parcels_unpartitioned;
ALTER TABLE parcels_unpartitioned RENAME CONSTRAINT parcels_pkey TO parcels_unpartitioned_pkey;

-- Feature ids stay unique across every version (a tile's feature id names one parcel), from one
-- sequence that goes on from the ids given so far.
CREATE SEQUENCE parcel_fids AS integer;
SELECT setval('parcel_fids', coalesce(greatest(
  (SELECT max(fid) FROM parcels_unpartitioned), (SELECT max(fid) FROM parcels_retired),
  (SELECT last_value FROM parcels_fid_seq WHERE is_called)), 0) + 1, false);

CREATE TABLE parcels (LIKE parcels_unpartitioned INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS)
  PARTITION BY LIST (dataset_id);
ALTER TABLE parcels ALTER COLUMN fid SET DEFAULT nextval('parcel_fids');
ALTER TABLE parcels ALTER COLUMN fid SET NOT NULL;
ALTER TABLE parcels ALTER COLUMN dataset_id SET NOT NULL;
ALTER SEQUENCE parcel_fids OWNED BY parcels.fid;
-- One PIN per version; the PIN leads, so a lookup by PIN reads each served version's index once.
ALTER TABLE parcels ADD PRIMARY KEY (pin, dataset_id);

-- Migration 001's, 002's and 009's indexes (the search expressions are parcelSearchSql.ts's, character
-- for character), less 001's B-trees on (min_lon, max_lon) and (min_lat, max_lat): no query filters on
-- those columns but through the GiST box, and each index is built at every publish.
CREATE INDEX parcels_bbox_gist ON parcels USING gist (bbox);
CREATE INDEX parcels_fid ON parcels (fid);
CREATE INDEX parcels_search_words ON parcels
  USING gin ((' ' || translate(lower(coalesce(owner, '') || ' ' || coalesce(add1, '')), ',.#&/', '     ') || ' ') gin_trgm_ops);
CREATE INDEX parcels_pin_compact ON parcels (regexp_replace(lower(pin), '[^a-z0-9]+', '', 'g') text_pattern_ops);
CREATE INDEX parcels_add1_prefix ON parcels (lower(add1) text_pattern_ops);
CREATE INDEX parcels_owner_prefix ON parcels (lower(owner) text_pattern_ops);
CREATE INDEX parcels_city ON parcels (lower(city), lower(add1));
CREATE INDEX parcels_zip ON parcels (zip, lower(add1));

-- A version's table, bare: its rows are written, then it is attached (which builds the indexes).
-- Its CHECK lets the attach skip scanning it for rows of another version.
CREATE FUNCTION create_parcel_version_table(version_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TABLE %I (LIKE parcels INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS, CHECK (dataset_id = %s))',
                 'parcels_v' || version_id, version_id);
END
$$;

CREATE FUNCTION drop_parcel_version_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS %I', 'parcels_v' || OLD.id);
  RETURN OLD;
END
$$;
CREATE TRIGGER datasets_drop_parcel_version_table BEFORE DELETE ON datasets
  FOR EACH ROW EXECUTE FUNCTION drop_parcel_version_table();

-- The kept versions move into tables of their own; the served ones are attached. Parcels without a
-- data set (none since migration 007's versions) belong to no version and are left out.
DO $$
DECLARE
  version record;
  columns text;
BEGIN
  SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO columns
    FROM pg_attribute WHERE attrelid = 'parcels_retired'::regclass AND attnum > 0 AND NOT attisdropped;
  FOR version IN SELECT id, is_current FROM datasets LOOP
    PERFORM create_parcel_version_table(version.id);
    EXECUTE format('INSERT INTO %I (%s) SELECT %s FROM %I WHERE dataset_id = $1', 'parcels_v' || version.id, columns, columns,
                   CASE WHEN version.is_current THEN 'parcels_unpartitioned' ELSE 'parcels_retired' END)
      USING version.id;
    IF version.is_current THEN
      EXECUTE format('ALTER TABLE parcels ATTACH PARTITION %I FOR VALUES IN (%s)', 'parcels_v' || version.id, version.id);
    END IF;
  END LOOP;
END
$$;

DROP TABLE parcels_unpartitioned, parcels_retired;
