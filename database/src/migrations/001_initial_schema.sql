-- Parcels, saved parcels and dataset metadata. Plain PostgreSQL (no extensions) so that PGlite and
-- PostgreSQL run the same schema.

CREATE TABLE datasets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_name text NOT NULL,
  licence text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  as_of date,
  parcel_count integer NOT NULL DEFAULT 0
);

CREATE TABLE parcels (
  pin text PRIMARY KEY,
  owner text,
  name text,
  add1 text,
  add2 text,
  city text,
  state text,
  zip text,
  taxacres double precision,
  township text,
  zoning text,
  sale_date date,
  sales_price bigint,
  -- GeoJSON Polygon or MultiPolygon in WGS84 lon/lat.
  geometry jsonb NOT NULL,
  centroid_lon double precision NOT NULL,
  centroid_lat double precision NOT NULL,
  min_lon double precision NOT NULL,
  min_lat double precision NOT NULL,
  max_lon double precision NOT NULL,
  max_lat double precision NOT NULL,
  dataset_id integer REFERENCES datasets (id) ON DELETE SET NULL,
  -- Built-in geometric type with a GiST index: an R-tree for bbox overlap (&&) without PostGIS.
  bbox box GENERATED ALWAYS AS (box(point(min_lon, min_lat), point(max_lon, max_lat))) STORED,
  CHECK (min_lon <= max_lon AND min_lat <= max_lat)
);

CREATE INDEX parcels_bbox_gist ON parcels USING gist (bbox);
CREATE INDEX parcels_lon_range ON parcels (min_lon, max_lon);
CREATE INDEX parcels_lat_range ON parcels (min_lat, max_lat);

CREATE TABLE saved_parcels (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL,
  parcel_pin text NOT NULL REFERENCES parcels (pin) ON UPDATE CASCADE,
  parcel_owner_name text NOT NULL,
  parcel_address text NOT NULL,
  parcel_centroid_lat double precision NOT NULL CHECK (parcel_centroid_lat BETWEEN -90 AND 90),
  parcel_centroid_lon double precision NOT NULL CHECK (parcel_centroid_lon BETWEEN -180 AND 180),
  notes varchar(256),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_parcels_user_pin_unique UNIQUE (user_id, parcel_pin)
);

CREATE INDEX saved_parcels_user_id ON saved_parcels (user_id, id);

-- Base-map line features (roads) served to the self-hosted style as GeoJSON.
CREATE TABLE map_roads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('major', 'minor')),
  geometry jsonb NOT NULL,
  dataset_id integer REFERENCES datasets (id) ON DELETE CASCADE
);
