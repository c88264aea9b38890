// Runs parcel search's statements (parcelSearchSql.ts) and reads the named water bodies of the
// current data set, the places search lists besides its roads.
import type { Db } from '@parcel-map/database';
import type { ParcelSearchResult } from '@parcel-map/shared/contracts';
import { SEARCH_WORDS, searchStatement, type SearchMode, type SearchPage } from './parcelSearchSql.ts';
import type { SearchText } from './searchText.ts';

/** A common word is in at least one parcel of this many. */
const COMMON_SHARE = 5;
/** About 2,000 parcels: enough to tell a word in a fifth of them (± 1 %), and a few ms to read. */
const SAMPLE_BLOCKS = 100;

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
