-- Every change to the datasets table (an import or the demo seed making a data set current) sends a
-- NOTIFY on 'parcel_data_version' when its transaction commits. The API listens and drops its cached
-- tiles at once, so tiles never lag behind parcel details (tiles/dataVersion.ts).

CREATE FUNCTION notify_parcel_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parcel_data_version', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER datasets_notify_parcel_data_version
  AFTER INSERT OR UPDATE OR DELETE ON datasets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parcel_data_version();
