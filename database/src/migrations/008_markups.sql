-- Issue #25, saved parcels and markups v2.
--
-- Saved parcels get tags: free text, at most 10 per parcel (checked by the API), kept in the record
-- JSON the list is joined from (migration 003), so listing stays one string_agg.
ALTER TABLE saved_parcels ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

CREATE OR REPLACE FUNCTION saved_parcel_record_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT row_to_json(r)::text INTO NEW.record_json
  FROM (SELECT NEW.id AS id,
               NEW.parcel_pin AS parcel_pin,
               NEW.parcel_owner_name AS parcel_owner_name,
               NEW.parcel_address AS parcel_address,
               NEW.parcel_centroid_lat AS parcel_centroid_lat,
               NEW.parcel_centroid_lon AS parcel_centroid_lon,
               NEW.notes AS notes,
               NEW.tags AS tags,
               to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at) r;
  RETURN NEW;
END
$$;

-- Rows saved before this migration: the no-op update fires the trigger.
UPDATE saved_parcels SET notes = notes;

-- Markups: a user's kept measurements and drawings (point, line, polygon), each with a name and a
-- colour, shown on the map or hidden. Same access rule as saved parcels: every statement is scoped
-- by user_id.
CREATE TABLE markups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL,
  name varchar(80) NOT NULL,
  color char(7) NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
  -- GeoJSON Point, LineString or Polygon in WGS84 lon/lat, validated by the API.
  geometry json NOT NULL,
  visible boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX markups_user_id ON markups (user_id, id);
