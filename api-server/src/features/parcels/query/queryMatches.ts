// Every match of a query for the map (issue #42 point 4), at any count, without a list of them sent
// to the browser: the panel registers a query's conditions and is answered the URL of tiles holding
// only the matching parcels (tiles/parcels/queryMatchTiles.ts), under a key that hashes the
// conditions with the data version, so the same query on the same data is one key for everyone and
// its tiles never change. A tile build asks here for the matches' feature ids.
//
// Both are held in memory, bounded: the conditions under each key (a few hundred bytes; a drawn area
// up to ~50 KB), and the sorted feature ids (4 bytes a match: 2 MB for 500,000) of the queries mapped
// lately; ids pushed out are read again at the gate of heavy reads, in the line of who registered them.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { queryMatchTilesTemplate, type QueryConditions, type QueryMatchesResponse } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import type { MatchSet } from './queryRepository.ts';

/** The conditions kept (their JSON's length): tens of thousands of queries. */
const CONDITIONS_KEPT_BYTES = 16 * 2 ** 20;
/** The matches kept: 64 MB holds sixteen million, e.g. thirty queries of 500,000 parcels each. */
const MATCHES_KEPT_BYTES = 64 * 2 ** 20;
/** 22 base64url characters: 132 bits, as QUERY_MATCH_KEY_PATTERN says. */
const KEY_LENGTH = 22;

interface Registered {
  conditions: QueryConditions;
  version: number;
  /** Whose line at the gate a read of its matches waits in. */
  user: string;
}

/** A registered query's matches: their feature ids, ascending, on the data version its key names. */
interface QueryMatchSet {
  version: number;
  fids: Int32Array;
}

interface QueryMatchesDeps {
  matchSet(conditions: QueryConditions, user: string): Promise<MatchSet>;
  dataVersion: Pick<DataVersion, 'known' | 'current'>;
}

export function createQueryMatches({ matchSet, dataVersion }: QueryMatchesDeps) {
  const registered = new LRUCache<string, Registered>({ maxSize: CONDITIONS_KEPT_BYTES, sizeCalculation: (entry) => JSON.stringify(entry.conditions).length });
  const matches = new LRUCache<string, MatchSet, Registered>({
    maxSize: MATCHES_KEPT_BYTES,
    // An empty set still takes its entry.
    sizeCalculation: ({ fids }) => Math.max(1, fids.byteLength),
    fetchMethod: (_key, _stale, { context }) => matchSet(context.conditions, context.user),
  });
  const version = async () => dataVersion.known() ?? (await dataVersion.current());

  return {
    /** Reads the matches (which checks the conditions: a 400 names the field) and keeps the query under its key. */
    async register(conditions: QueryConditions, user: string): Promise<QueryMatchesResponse> {
      const entry: Registered = { conditions, version: await version(), user };
      const key = keyOf(entry);
      const set = await matches.fetch(key, { context: entry });
      registered.set(key, entry);
      return { tiles: queryMatchTilesTemplate(key, entry.version), total: set?.fids.length ?? 0, bounds: set?.bounds ?? null };
    },

    /** The matches of the query registered under `key`, or undefined when none is or its data version is no longer served. */
    async matchesOf(key: string): Promise<QueryMatchSet | undefined> {
      const entry = registered.get(key);
      if (!entry || entry.version !== (await version())) return undefined;
      const set = await matches.fetch(key, { context: entry });
      return set && { version: entry.version, fids: set.fids };
    },
  };
}

/** The same conditions on the same data version are one key, whatever order their objects' keys came in. */
function keyOf({ conditions, version }: Registered): string {
  const canonical = JSON.stringify(conditions, (_name, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  );
  return createHash('sha256').update(`${version}\n${canonical}`).digest('base64url').slice(0, KEY_LENGTH);
}

export type QueryMatches = ReturnType<typeof createQueryMatches>;
