-- Issue #42 point 6: the base map's town names, and its street names derived from the parcels' site
-- addresses, are worked out once per data set version, when it is published, and stored. Worked out by
-- every API instance from all the current parcels once it had started, they were two whole-table sorts:
-- at 5,000,000 parcels 29.6 and 31.2 s, spilling to disk, which a version's first search waited behind.
--
-- A version's labels stay with it: a rollback serves its own again, deleting the version deletes them.
-- Each label is defined here once, as SQL; a change of a definition is a migration that replaces the
-- function and derives the stored labels again.
CREATE TABLE parcel_place_labels (
  dataset_id integer NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('town', 'street')),
  -- A town as its parcels spell it most often; a street as its addresses do, without number or unit, upper case.
  name text NOT NULL,
  parcels integer NOT NULL,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  -- A street run's population variances and covariance of its centroids (degrees²): its direction.
  var_lon double precision,
  var_lat double precision,
  covar double precision
);
CREATE INDEX parcel_place_labels_dataset ON parcel_place_labels (dataset_id, kind);

-- Version `version_id`'s labels, from its own table (attached or not), after its base map is written:
--  * a town per city of its parcels, without regard to case, placed at the centroid of its parcel
--    nearest the mean of its parcels' centroids: on land among its parcels, where the mean of a town
--    round a lake would fall in the water;
--  * where the version brings no roads of its own (an imported county: the demo's roads are named),
--    a street per run of a street's parcels within one grid cell of 0.004° × 0.003° (~330 m at 42° N),
--    so a long or bending street gets a name per piece: the parcels (one per centroid: a building's
--    condominium units share one) of two or more, with the address's house number or range ('187-197 ',
--    '191R ', '9 1/2 ') and unit ('#C1', 'UNIT 2', 'APT', 'STE') removed.
CREATE FUNCTION derive_place_labels(version_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($towns$
    INSERT INTO parcel_place_labels (dataset_id, kind, name, parcels, lon, lat)
    WITH named AS (
      SELECT lower(btrim(city)) AS town, btrim(city) AS city, centroid_lon, centroid_lat FROM %1$I WHERE btrim(city) <> ''
    ), towns AS (
      SELECT town, mode() WITHIN GROUP (ORDER BY city) AS name, count(*)::int AS parcels, avg(centroid_lon) AS lon, avg(centroid_lat) AS lat
        FROM named GROUP BY town
    )
    SELECT DISTINCT ON (t.town) %2$s, 'town', t.name, t.parcels, p.centroid_lon, p.centroid_lat
      FROM towns t JOIN named p USING (town)
     ORDER BY t.town, (p.centroid_lon - t.lon) ^ 2 + (p.centroid_lat - t.lat) ^ 2, p.centroid_lon, p.centroid_lat
  $towns$, 'parcels_v' || version_id, version_id);

  IF EXISTS (SELECT 1 FROM basemap_features WHERE dataset_id = version_id AND layer = 'roads') THEN
    RETURN;
  END IF;
  EXECUTE format($streets$
    INSERT INTO parcel_place_labels (dataset_id, kind, name, parcels, lon, lat, var_lon, var_lat, covar)
    WITH addressed AS (
      SELECT DISTINCT lower(btrim(city)) AS town,
             upper(btrim(regexp_replace(regexp_replace(add1, '\s*(#|\mUNIT\M|\mAPT\M|\mSTE\M).*$', '', 'i'),
                                        '^[0-9]+[A-Z]?(\s*-\s*[0-9]+[A-Z]?)?(\s+1/2)?\s+', '', 'i'))) AS street,
             centroid_lon AS x, centroid_lat AS y
        FROM %1$I WHERE btrim(add1) <> ''
    )
    SELECT %2$s, 'street', street, count(*)::int, avg(x), avg(y), var_pop(x), var_pop(y), covar_pop(x, y)
      FROM addressed
     WHERE street ~ '[A-Z]{2}'
     GROUP BY town, street, floor(x / 0.004), floor(y / 0.003)
    HAVING count(*) >= 2
  $streets$, 'parcels_v' || version_id, version_id);
END
$$;

-- Every kept version's, served or retired (a rollback can still attach it).
SELECT derive_place_labels(id) FROM datasets WHERE to_regclass('parcels_v' || id) IS NOT NULL ORDER BY id;
