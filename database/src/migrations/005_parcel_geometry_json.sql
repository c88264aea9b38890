-- Parcel outlines as json (the text kept as written) instead of jsonb. Nothing queries inside them;
-- they are written once and read back whole for tiles and details, and jsonb paid twice for a
-- structure never used: decoding on every insert and re-encoding to text on every read (most of a
-- tile query's time on PGlite).
ALTER TABLE parcels ALTER COLUMN geometry TYPE json USING geometry::json;
