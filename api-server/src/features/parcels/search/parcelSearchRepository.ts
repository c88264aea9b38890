// Runs parcel search's statements (parcelSearchSql.ts) and reads the named water bodies of the
// current data set, the places search lists besides its roads.
import type { Db } from '@parcel-map/database';
import type { ParcelSearchResult } from '@parcel-map/shared/contracts';
import { SEARCH_WORDS, searchStatement, type SearchMode, type SearchPage } from './parcelSearchSql.ts';
import type { Localities } from './localities.ts';
import type { SearchText } from './searchText.ts';
import type { VocabularyRow } from './typos.ts';

/** A common word is in at least one parcel of this many. */
const COMMON_SHARE = 5;
/** About 2,000 parcels: enough to tell a word in a fifth of them (± 1 %), and a few ms to read. */
const SAMPLE_BLOCKS = 100;
/** Towns and ZIP codes recognised in a query at most: a file with an address in its city column has thousands. */
const MAX_LOCALITIES = 1_000;

export interface StreetRow {
  street: string;
  city: string | null;
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface SearchRows {
  /** Matching parcels, at most cap + 1 (more than the cap). */
  total: number;
  results: ParcelSearchResult[];
  streets: StreetRow[];
}

export interface WaterRow {
  name: string;
  geometry: GeoJSON.Geometry;
}

export function createParcelSearchRepository(db: Db) {
  return {
    async search(text: SearchText, mode: SearchMode, page: SearchPage, cap: number, withStreets: boolean, commonWords: readonly string[] = []): Promise<SearchRows> {
      const { sql, params } = searchStatement(text, mode, page, cap, withStreets, commonWords);
      return db.transaction(async (tx) => {
        // Each B-tree branch must read its index in order and stop at the cap. Left to the
        // statistics (none after the demo seed; every PIN beginning '46' after an ANALYZE) the
        // planner collected all 70,000 parcels of a city in a bitmap and sorted them, or read the
        // whole table, and a two-letter search took a hundred times longer. Disabled plans cost
        // enough to cross PostgreSQL's JIT threshold, whose compiling took 1.8 s: no JIT here.
        await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL jit = off');
        const { rows } = await tx.query<SearchRows>(sql, params);
        return rows[0]!;
      });
    },

    /**
     * The words of the search text in at least one parcel of COMMON_SHARE, from a sample of about
     * SAMPLE_BLOCKS pages of the table (every page when it has fewer): ~30 ms at 1,000,000 parcels
     * under load, and not more at any size.
     */
    async commonWords(): Promise<string[]> {
      const { rows } = await db.query<{ word: string }>(
        `WITH size AS (
           SELECT coalesce(sum(pg_relation_size(inhrelid)), 0) / current_setting('block_size')::float8 AS blocks
             FROM pg_inherits WHERE inhparent = 'parcels'::regclass),
         sample AS (
           SELECT row_number() OVER () AS id, ${SEARCH_WORDS} AS words
             FROM parcels TABLESAMPLE SYSTEM ((SELECT least(100, 100 * $1 / greatest(blocks, 1)) FROM size)) REPEATABLE (0)),
         words AS (SELECT DISTINCT id, word FROM sample, unnest(string_to_array(words, ' ')) AS word WHERE word <> '')
         SELECT word FROM words GROUP BY word HAVING count(*) * $2 >= (SELECT count(*) FROM sample) ORDER BY word`,
        [SAMPLE_BLOCKS, COMMON_SHARE],
      );
      return rows.map((row) => row.word);
    },

    /**
     * The words typos are corrected to: every word of the current versions' owners and site
     * addresses, as derived at publish (migration 029), as one value (PGlite hands rows over one by
     * one, at a cost each).
     */
    async vocabulary(): Promise<VocabularyRow[]> {
      const { rows } = await db.query<{ words: Record<string, number> | null }>(
        `SELECT json_object_agg(word, uses) AS words FROM (
           SELECT word, sum(uses)::int AS uses FROM parcel_search_words
            WHERE dataset_id IN (SELECT id FROM datasets WHERE is_current) GROUP BY word) AS counted`,
      );
      return Object.entries(rows[0]?.words ?? {}).map(([word, uses]) => ({ word, uses }));
    },

    /**
     * The distinct towns and ZIP codes, each read from its B-tree one value at a time (a loose index
     * scan: a step per value, not a read of the table).
     */
    async localities(): Promise<Localities> {
      const distinct = (column: string) => `
        WITH RECURSIVE found(value) AS (
          (SELECT ${column} FROM parcels WHERE ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
          UNION ALL
          SELECT (SELECT ${column} FROM parcels WHERE ${column} > found.value ORDER BY ${column} LIMIT 1) FROM found WHERE found.value IS NOT NULL)
        SELECT coalesce(json_agg(value), '[]'::json) AS values FROM (SELECT value FROM found WHERE value <> '' LIMIT $1) listed`;
      return db.transaction(async (tx) => {
        // Each step must be an index probe, whatever the statistics say.
        await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL jit = off');
        const read = async (column: string) => (await tx.query<{ values: string[] }>(distinct(column), [MAX_LOCALITIES])).rows[0]!.values;
        return { cities: await read('lower(city)'), zips: await read('zip') };
      });
    },

    async waterBodies(): Promise<WaterRow[]> {
      const { rows } = await db.query<WaterRow>(
        `SELECT name, geometry FROM basemap_features
          WHERE layer = 'water' AND name <> '' AND dataset_id IN (SELECT id FROM datasets WHERE is_current)`,
      );
      return rows;
    },
  };
}

export type ParcelSearchRepository = ReturnType<typeof createParcelSearchRepository>;
