// Parcel search: what matched, one page of it, the total, and the roads and water bodies
// whose names match. Knows no HTTP. An answer is kept for its data version, and the same query asked
// again while it is being answered shares that answer: twenty people typing 'ma', or one script
// sending the same search twenty times, is one statement.
import * as turf from '@turf/turf';
import {
  SEARCH_SHORT_QUERY_CAP,
  SEARCH_TOTAL_CAP,
  type Bbox,
  type ParcelSearchResponse,
  type SearchPlace,
  type SearchSort,
  type SortDirection,
} from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../../platform/cache/perVersion.ts';
import type { VersionedCache } from '../../../platform/cache/versionedCache.ts';
import type { ParcelSearchRepository, StreetRow } from './parcelSearchRepository.ts';
import type { SearchGate } from './searchGate.ts';
import { localityFinder } from './localities.ts';
import { analyseSearchText, type SearchText } from './searchText.ts';
import { correctTypos, createVocabulary, matchesCorrection } from './typos.ts';
import type { SearchMode, SearchPage } from './parcelSearchSql.ts';

export interface SearchQuery {
  q: string;
  limit: number;
  offset: number;
  sort: SearchSort;
  dir?: SortDirection | undefined;
}

/** Places listed with the first page at most. */
const MAX_PLACES = 5;

interface Place {
  name: string;
  words: string[];
  bbox: Bbox;
}

export function createParcelSearchService(deps: {
  repository: ParcelSearchRepository;
  dataVersion: Pick<DataVersion, 'known' | 'current'>;
  gate: SearchGate;
  answers: VersionedCache<ParcelSearchResponse>;
}) {
  const { repository, gate, answers } = deps;
  const waterBodies = loadPerVersion(async (): Promise<Place[]> => {
    const byName = new Map<string, Bbox>();
    for (const row of await repository.waterBodies()) {
      const box = turf.bbox(row.geometry) as Bbox;
      const seen = byName.get(row.name);
      byName.set(row.name, seen ? [Math.min(seen[0], box[0]), Math.min(seen[1], box[1]), Math.max(seen[2], box[2]), Math.max(seen[3], box[3])] : box);
    }
    return [...byName].map(([name, bbox]) => ({ name, words: wordsOf(name), bbox }));
  });
  const commonWords = loadPerVersion(() => repository.commonWords());
  const localities = loadPerVersion(async () => localityFinder(await repository.localities()));
  // Read on the first query the words find nothing for, not before: most data versions never need it.
  const vocabulary = loadPerVersion(async () => createVocabulary(await repository.vocabulary()));

  return {
    /** `user`: whose search it is, so that one user's searches wait in a line of their own. */
    search(query: SearchQuery, user: string): Promise<ParcelSearchResponse> {
      const page = { limit: query.limit, offset: query.offset, sort: query.sort, dir: query.dir ?? (query.sort === 'acres' ? 'desc' : 'asc') } as const;
      const key = JSON.stringify([query.q.toLowerCase().replace(/\s+/g, ' '), page.limit, page.offset, page.sort, page.dir]);
      return answers.get(key, () => answer(query.q, page, user));
    },
  };

  async function answer(q: string, page: SearchPage, user: string): Promise<ParcelSearchResponse> {
    const typed = analyseSearchText(q);
    // Punctuation alone ('%%', '--') names nothing.
    if (typed.words.length === 0) return { results: [], total: 0, capped: false, places: [] };
    const finder = await localities(await version());
    const text = finder.find(typed);
    const cap = text.indexable ? SEARCH_TOTAL_CAP : SEARCH_SHORT_QUERY_CAP;
    const firstPage = page.offset === 0;
    const withStreets = firstPage && !text.hasNumber;
    const common = text.indexable ? await commonWords(await version()) : [];
    const search = async (reading: SearchText, mode: SearchMode) => ({
      reading,
      rows: await gate(user, () => repository.search(reading, mode, page, cap, withStreets, mode === 'similar' ? [] : common)),
    });
    // The words as typed; else with a town or ZIP code still being typed at the end; else their typos
    // corrected, the last word read whole and then as still being typed; else by trigram similarity,
    // which at a state's size takes ten times as long as the rest. Each its own turn at the gate.
    let found = await search(text, 'words');
    if (found.rows.total === 0 && text.indexable) {
      const begunTown = finder.findBegun(text);
      if (begunTown) found = await search(begunTown, 'words');
      for (const lastWord of ['whole', 'begun'] as const) {
        if (found.rows.total > 0) break;
        const corrected = correctTypos(begunTown ?? text, await vocabulary(await version()), lastWord);
        if (corrected) found = await search(corrected, 'corrected');
      }
      if (found.rows.total === 0) found = await search(text, 'similar');
    }
    const { reading: searched, rows } = found;
    const places = firstPage ? [...roads(rows.streets, searched), ...(await water(searched))].slice(0, MAX_PLACES) : [];
    return {
      results: rows.results,
      total: Math.min(rows.total, cap),
      capped: rows.total > cap,
      places,
    };
  }

  async function version(): Promise<number> {
    return deps.dataVersion.known() ?? (await deps.dataVersion.current());
  }

  async function water(text: SearchText): Promise<SearchPlace[]> {
    if (!text.indexable) return [];
    return (await waterBodies(await version()))
      .filter((place) => namesMatch(place.words, text))
      .map((place) => ({ name: place.name, kind: 'water' as const, city: null, bbox: place.bbox }));
  }
}

/** The streets of the matching addresses whose name (with the city) holds every typed word. */
function roads(streets: readonly StreetRow[], text: SearchText): SearchPlace[] {
  return streets
    .filter((street) => namesMatch(wordsOf(`${street.street} ${street.city ?? ''}`), text))
    .map((street) => ({ name: street.street, kind: 'road' as const, city: street.city, bbox: [street.west, street.south, street.east, street.north] }));
}

function wordsOf(name: string): string[] {
  return name.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
}

function namesMatch(words: readonly string[], text: SearchText): boolean {
  return text.words.every((word) =>
    words.some((candidate) =>
      word.corrections ? matchesCorrection(word, candidate) : candidate.startsWith(word.typed) || word.spellings.includes(candidate),
    ),
  );
}

export type ParcelSearchService = ReturnType<typeof createParcelSearchService>;
