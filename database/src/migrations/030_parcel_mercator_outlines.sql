-- Issue #45 point 4: where PostgreSQL has PostGIS, each parcel's outline is stored once more, parsed
-- and projected to Web Mercator (EPSG:3857) and GiST-indexed, and parcel tiles are built by ST_AsMVT
-- from it (api-server's postgisTileSource.ts): no API instance then reads every parcel into memory.
-- PGlite and PostgreSQL without PostGIS get nothing here and keep their tiles in memory; the API
-- chooses by whether `parcels` has the column (chooseParcelTileSource.ts).
--
-- A generated column, so every write of an outline writes it too: a publish's bulk insert fills it
-- before its table is attached and indexed (parcelVersionTables.ts), with no UPDATE of the new rows
-- (an UPDATE before the indexes are built in the same transaction marks them indcheckxmin). It goes on
-- `parcels` (and with it on every attached version table) and on every detached one, which a rollback
-- can attach again. The GiST index is defined once on `parcels`, built when a version is attached.
DO $migration$
DECLARE
  version_table regclass;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'postgis') THEN
    RETURN;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS postgis;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'PostGIS is installed on this server but this role may not create it in this database: parcel tiles stay in memory. To build them with PostGIS, have a superuser run CREATE EXTENSION postgis here before this migration (030) runs.';
    RETURN;
  END;

  -- Only polygons: the in-memory tiles draw no other geometry (tileParcelSet.ts), and a stored outline
  -- that is none ('{}') must not fail its row's insert. Heights, where a source has them, are dropped.
  -- A SQL-standard body: its PostGIS functions are bound now, not looked up by the search_path of
  -- whoever writes a row (pg_restore's is empty).
  CREATE FUNCTION parcel_mercator_outline(outline json) RETURNS geometry
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN outline ->> 'type' IN ('Polygon', 'MultiPolygon')
                THEN ST_Transform(ST_SetSRID(ST_Force2D(ST_GeomFromGeoJSON(outline)), 4326), 3857) END;

  ALTER TABLE parcels
    ADD COLUMN mercator_outline geometry(Geometry, 3857) GENERATED ALWAYS AS (parcel_mercator_outline(geometry)) STORED;
  FOR version_table IN
    SELECT c.oid::regclass FROM pg_class c
     WHERE c.relkind = 'r' AND c.relname ~ '^parcels_v[0-9]+$' AND NOT c.relispartition
  LOOP
    EXECUTE format('ALTER TABLE %s ADD COLUMN mercator_outline geometry(Geometry, 3857) GENERATED ALWAYS AS (parcel_mercator_outline(geometry)) STORED', version_table);
  END LOOP;
  CREATE INDEX parcels_mercator_outline ON parcels USING gist (mercator_outline);
END
$migration$;
