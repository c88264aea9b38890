-- The offline base map's features and the elevation the contours are traced from are data that comes
-- with a county (written by the demo seed today, by an import later), not code of the API.

CREATE TABLE basemap_features (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  layer text NOT NULL CHECK (layer IN ('roads', 'water')),
  name text NOT NULL,
  kind text NOT NULL,
  geometry jsonb NOT NULL,
  dataset_id integer NOT NULL REFERENCES datasets (id) ON DELETE CASCADE
);
CREATE INDEX basemap_features_dataset ON basemap_features (dataset_id);

INSERT INTO basemap_features (layer, name, kind, geometry, dataset_id)
  SELECT 'roads', name, kind, geometry, dataset_id FROM map_roads WHERE dataset_id IS NOT NULL ORDER BY id;
DROP TABLE map_roads;

-- Heights as float32 (little-endian), row 0 along the north edge: a few MB for a county at ~40 m.
CREATE TABLE elevation_grids (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  west float8 NOT NULL,
  south float8 NOT NULL,
  east float8 NOT NULL,
  north float8 NOT NULL,
  cols integer NOT NULL CHECK (cols > 1),
  rows integer NOT NULL CHECK (rows > 1),
  metres bytea NOT NULL CHECK (octet_length(metres) = 4 * cols * rows),
  dataset_id integer NOT NULL REFERENCES datasets (id) ON DELETE CASCADE
);
