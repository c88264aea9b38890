-- Imagery served zoomed out (migration 013): below the zooms of a version's COG (`file`, its full
-- resolution and the three zooms under it), coarser COGs made at import serve the image down to the
-- zoom where it is half a tile across, four zooms each. `lower_files` lists them, each
-- `{ "file": <relative to the imagery directory>, "minzoom": n, "maxzoom": n }`, the coarsest last;
-- the row's minzoom is then the lowest of theirs. A version imported before has none.
ALTER TABLE imagery ADD COLUMN lower_files jsonb NOT NULL DEFAULT '[]'::jsonb;
