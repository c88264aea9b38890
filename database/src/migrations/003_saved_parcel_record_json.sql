-- A user's saved list is read after every save, edit and delete, and building 10,000 rows' JSON on each
-- read cost most of the request (issue #6: under 50 ms). Each row keeps its own API record as JSON text,
-- written by a trigger whenever the row is written, so the list is one string_agg of finished records and
-- the record's shape is defined once, here.

ALTER TABLE saved_parcels ADD COLUMN record_json text;

CREATE FUNCTION saved_parcel_record_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- row_to_json writes compact JSON (json_build_object would pad every separator with spaces).
  SELECT row_to_json(r)::text INTO NEW.record_json
  FROM (SELECT NEW.id AS id,
               NEW.parcel_pin AS parcel_pin,
               NEW.parcel_owner_name AS parcel_owner_name,
               NEW.parcel_address AS parcel_address,
               NEW.parcel_centroid_lat AS parcel_centroid_lat,
               NEW.parcel_centroid_lon AS parcel_centroid_lon,
               NEW.notes AS notes,
               to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at) r;
  RETURN NEW;
END
$$;

CREATE TRIGGER saved_parcels_record_json
  BEFORE INSERT OR UPDATE ON saved_parcels
  FOR EACH ROW EXECUTE FUNCTION saved_parcel_record_json();

-- Rows saved before this migration: the no-op update fires the trigger.
UPDATE saved_parcels SET notes = notes;
ALTER TABLE saved_parcels ALTER COLUMN record_json SET NOT NULL;
