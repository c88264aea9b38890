-- Issue #24: the owner's mailing address (nullable: a county file may not have one; imports map
-- theirs onto these columns), kept at the end of the table.
ALTER TABLE parcels
  ADD COLUMN mail_add1 text,
  ADD COLUMN mail_city text,
  ADD COLUMN mail_state text,
  ADD COLUMN mail_zip text;
-- The kept versions of each data set (migration 007) keep the same columns, in the same order.
ALTER TABLE parcels_retired
  ADD COLUMN mail_add1 text,
  ADD COLUMN mail_city text,
  ADD COLUMN mail_state text,
  ADD COLUMN mail_zip text;

-- Parcel search as people type it (issue #24; api-server/src/features/parcels/search/). The words of
-- a parcel's owner and site address, space-separated and padded, in one trigram index: every
-- typed word of 3 or more characters is a LIKE '% word%' on it, all of them in one index scan. It
-- replaces migration 002's three per-column trigram indexes. The expressions below are the
-- repository's, character for character (parcelSearchSql.ts): PostgreSQL uses an expression index
-- only for the same expression.
DROP INDEX IF EXISTS parcels_add1_trgm;
DROP INDEX IF EXISTS parcels_owner_trgm;
DROP INDEX IF EXISTS parcels_pin_trgm;
CREATE INDEX parcels_search_words ON parcels
  USING gin ((' ' || translate(lower(coalesce(owner, '') || ' ' || coalesce(add1, '')), ',.#&/', '     ') || ' ') gin_trgm_ops);
-- Prefixes (what the box asks while the first characters are typed, the PIN without separators),
-- and whole cities and ZIP codes (in address order): B-tree ranges, each read in index order and no
-- further than the search's cap.
CREATE INDEX parcels_pin_compact ON parcels (regexp_replace(lower(pin), '[^a-z0-9]+', '', 'g') text_pattern_ops);
CREATE INDEX parcels_add1_prefix ON parcels (lower(add1) text_pattern_ops);
CREATE INDEX parcels_owner_prefix ON parcels (lower(owner) text_pattern_ops);
CREATE INDEX parcels_city ON parcels (lower(city), lower(add1));
CREATE INDEX parcels_zip ON parcels (zip, lower(add1));
