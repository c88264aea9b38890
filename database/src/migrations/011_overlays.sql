-- Issue #23: overlay layers — a county's other layers (flood zones, zoning districts, water, roads),
-- imported beside its parcels and versioned like data sets (migration 007): one row per version, the
-- current one served, the two before it kept for a rollback, all removed together.
--
-- An overlay's features keep their geometry (lon/lat GeoJSON) and every property of the source file
-- (jsonb, name → value). Every version's features stay in overlay_features (they are small next to
-- parcels and nothing reads them but the tiles, which ask for the current version's by id), so a
-- rollback only moves is_current.
CREATE TABLE overlays (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  version integer NOT NULL,
  is_current boolean NOT NULL DEFAULT false,
  label text NOT NULL,
  geometry_type text NOT NULL CHECK (geometry_type IN ('polygon', 'line', 'point')),
  -- Base-map context kind (water, roads, buildings, boundaries), drawn under the parcels; null for a toggle.
  context text CHECK (context IN ('water', 'roads', 'buildings', 'boundaries')),
  -- How it is drawn ({ colour, byAttribute? }: shared/src/overlays/overlayContract.ts).
  style jsonb NOT NULL,
  -- The properties its tiles carry, in order; null: every one.
  shown_attributes jsonb,
  source_name text NOT NULL,
  licence text NOT NULL,
  as_of date,
  feature_count integer NOT NULL DEFAULT 0,
  rejected_count integer NOT NULL DEFAULT 0,
  west float8,
  south float8,
  east float8,
  north float8,
  imported_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT overlays_name_version UNIQUE (name, version)
);
CREATE UNIQUE INDEX overlays_one_current_per_name ON overlays (name) WHERE is_current;

CREATE TABLE overlay_features (
  overlay_id integer NOT NULL REFERENCES overlays (id) ON DELETE CASCADE,
  -- The feature's number in its file (1-based): the tile feature id, stable across a rollback.
  feature integer NOT NULL,
  properties jsonb NOT NULL,
  geometry json NOT NULL,
  min_lon float8 NOT NULL,
  min_lat float8 NOT NULL,
  max_lon float8 NOT NULL,
  max_lat float8 NOT NULL,
  PRIMARY KEY (overlay_id, feature)
);

-- One data version for everything the API caches (migration 007): an overlay published, rolled back
-- or removed bumps it too, so its tile URLs (?v=) and cached tiles change with it.
CREATE TRIGGER overlays_notify_parcel_data_version
  AFTER INSERT OR UPDATE OR DELETE ON overlays
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parcel_data_version();
