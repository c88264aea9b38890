-- Imagery services (issue #41): a county's own tile service (XYZ, WMTS, WMS, ArcGIS) an administrator
-- adds on the Data page, used as a base map beside imported imagery (013). Not versioned: a service
-- is added or removed. `tiles` is the template the map fetches, derived from `url` once at add time
-- (for WMTS, from its capabilities document).
CREATE TABLE imagery_services (
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  kind text NOT NULL CHECK (kind IN ('xyz', 'wmts', 'wms', 'arcgis')),
  url text NOT NULL,
  tiles text NOT NULL,
  label text NOT NULL,
  attribution text NOT NULL DEFAULT '',
  west float8 NOT NULL,
  south float8 NOT NULL,
  east float8 NOT NULL,
  north float8 NOT NULL,
  minzoom integer NOT NULL,
  maxzoom integer NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);

-- The one data version (007): a service added or removed changes the imagery list the map reads,
-- and the hosts the page's Content-Security-Policy allows.
CREATE TRIGGER imagery_services_notify_parcel_data_version
  AFTER INSERT OR UPDATE OR DELETE ON imagery_services
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parcel_data_version();
