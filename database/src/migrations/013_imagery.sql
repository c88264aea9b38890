-- Imagery layers (orthophotos, satellite images) imported beside a county's parcels and versioned as
-- data sets and overlays are (migration 007, 011): one row per version, the current one served, the
-- two before it kept for a rollback, all removed together.
--
-- A version's pixels are not in the database: the import writes one Cloud-Optimized GeoTIFF in the
-- web map's tiling per version under the imagery directory (IMAGERY_DIR, else <DATA_DIR>/imagery),
-- and `file` names it relative to that directory; the API serves its stored tiles as they are.
CREATE TABLE imagery (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  version integer NOT NULL,
  is_current boolean NOT NULL DEFAULT false,
  label text NOT NULL,
  attribution text NOT NULL DEFAULT '',
  -- The source's footprint in lon/lat.
  west float8 NOT NULL,
  south float8 NOT NULL,
  east float8 NOT NULL,
  north float8 NOT NULL,
  -- The web map zooms its tiles are stored at; the map overzooms past maxzoom.
  minzoom integer NOT NULL,
  maxzoom integer NOT NULL,
  -- The COG, relative to the imagery directory, and its size in bytes.
  file text NOT NULL UNIQUE,
  size_bytes bigint NOT NULL,
  -- The stored tiles' encoding: 'webp' or 'jpeg'.
  tile_format text NOT NULL CHECK (tile_format IN ('webp', 'jpeg')),
  -- What the source was: its band count, CRS name, pixel size (in its CRS's unit, named), nodata value.
  bands integer NOT NULL,
  crs text NOT NULL,
  resolution text NOT NULL,
  nodata text,
  width integer NOT NULL,
  height integer NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT imagery_name_version UNIQUE (name, version)
);
CREATE UNIQUE INDEX imagery_one_current_per_name ON imagery (name) WHERE is_current;

-- One data version for everything the API caches (migration 007): imagery published, rolled back or
-- removed bumps it too, so the list the map reads changes with it.
CREATE TRIGGER imagery_notify_parcel_data_version
  AFTER INSERT OR UPDATE OR DELETE ON imagery
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parcel_data_version();
