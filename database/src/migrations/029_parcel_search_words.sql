-- Issue #42 point 2: the words a typo is corrected to (api-server's search/typos.ts) are every word of
-- a version's owners and site addresses, counted once per data set version when it is published, and
-- stored. Read by each API instance from the parcels themselves, they were capped at the first
-- 1,000,000 parcels: in a state imported county by county, no typo of a later county was corrected
-- (at 5,000,000 parcels "Yunt Timothy" fell back to a trigram scan of 4.3 s and found its parcel only
-- by chance).
--
-- A version's words stay with it: a rollback serves its own again, deleting the version deletes them.
CREATE TABLE parcel_search_words (
  dataset_id integer NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  word text NOT NULL,
  -- How often the owners and site addresses hold it: of two corrections as close, the likelier.
  uses integer NOT NULL,
  PRIMARY KEY (dataset_id, word)
);

-- Version `version_id`'s words, from its own table (attached or not): the words of search's text (the
-- expression of migration 012's trigram index and parcelSearchSql.ts's SEARCH_WORDS, character for
-- character), of three letters or more, with a letter and without a digit (house numbers, unit
-- numbers and PINs are not misspelt, they are mistyped).
CREATE FUNCTION derive_search_words(version_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($words$
    INSERT INTO parcel_search_words (dataset_id, word, uses)
    SELECT %2$s, word, count(*)::int
      FROM %1$I AS p, unnest(string_to_array((' ' || translate(lower(coalesce(p.owner, '') || ' ' || coalesce(p.add1, '')), ',.#&/', '     ') || ' '), ' ')) AS word
     WHERE length(word) >= 3 AND word ~ '[[:alpha:]]' AND word !~ '[0-9]'
     GROUP BY word
  $words$, 'parcels_v' || version_id, version_id);
END
$$;

SELECT derive_search_words(id) FROM datasets WHERE to_regclass('parcels_v' || id) IS NOT NULL ORDER BY id;
