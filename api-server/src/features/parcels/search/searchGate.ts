// At most `slots` searches at the database at once, and at most one of each user's. Other requests
// do not wait here: they go straight to the database and find at most `slots` searches ahead of them.
// On PGlite (one session, statements run in turn) a burst of searches would otherwise queue twenty
// statements in front of a saved-parcel list (seconds instead of milliseconds).
//
// The searches that wait do so in one line per user, and a free slot goes to the users in turn: one
// user's twenty searches delay another user's by at most one, not twenty, and take one of the pool's
// connections, not all the slots. Waiting costs the API nothing, so a user's searches wait rather than
// being refused; only past `waitingPerUser` (a search box has one or two in flight; that many is a
// script or a stuck client) is the next one answered 429.
import type { Db } from '@parcel-map/database';
import { SEARCH_BUSY_MESSAGE } from '@parcel-map/shared/contracts';
import { HttpError } from '../../../platform/http/httpErrors.ts';
import type { SharedTurnsPerUser } from '../../../platform/redis/sharedTurnsPerUser.ts';

/** One at a time on PGlite's single session; three on a PostgreSQL pool (of ten by default), so the rest of the API always has connections free. */
const SLOTS = { singleSession: 1, pool: 3 } as const;
/** Attribute queries' and whole lists' statements at once on a PostgreSQL pool (createDatabaseGates). */
const LIST_SLOTS_ON_POOL = 2;
/** Statements of one user that may wait for a slot (the twenty searches at once wait); the next is answered 429. */
const WAITING_PER_USER = 20;

export class TooManySearchesError extends HttpError {
  constructor() {
    super(429, SEARCH_BUSY_MESSAGE);
    this.name = 'TooManySearchesError';
  }
}

export function createSearchGate(slots: number, waitingPerUser: number) {
  // A Map keeps insertion order: the first user in it whose search is not running is served next.
  const lines = new Map<string, (() => void)[]>();
  const runningFor = new Set<string>();

  const startNext = () => {
    while (runningFor.size < slots) {
      const user = [...lines.keys()].find((candidate) => !runningFor.has(candidate));
      if (user === undefined) return;
      const line = lines.get(user)!;
      const start = line.shift()!;
      // To the back of the turns, if more of this user's searches wait.
      lines.delete(user);
      if (line.length > 0) lines.set(user, line);
      runningFor.add(user);
      start();
    }
  };

  return async function run<T>(user: string, work: () => Promise<T>): Promise<T> {
    const line = lines.get(user) ?? [];
    if (line.length >= waitingPerUser) throw new TooManySearchesError();
    const turn = new Promise<void>((resolve) => line.push(resolve));
    lines.set(user, line);
    startNext();
    await turn;
    try {
      return await work();
    } finally {
      runningFor.delete(user);
      startNext();
    }
  };
}

export type SearchGate = ReturnType<typeof createSearchGate>;

/**
 * A database's gates of heavy reads: searches at one, attribute queries and whole lists at the other.
 * On a PostgreSQL pool, attribute queries and whole lists (broad counts, deep pages sorted by owner,
 * CSVs of a whole county) take turns at a gate of their own with fewer slots: however many are in
 * flight they hold at most LIST_SLOTS_ON_POOL connections, searches keep their own slots, and
 * details, saved lists and the rest of the API always find connections free (3 + 2 of 10 at most).
 * On PGlite's one session there is one gate for both, so a search and a query are never at the
 * database together, whichever the users send.
 */
export function createDatabaseGates(db: Pick<Db, 'singleSession'>, shared?: SharedTurnsPerUser): { searches: SearchGate; lists: SearchGate } {
  // With several instances (REDIS_URL), a user's pieces also take turns across all of them, before
  // this instance's gate: one waiting for another instance never holds a slot here.
  const gate = (name: string, slots: number): SearchGate => {
    const local = createSearchGate(slots, WAITING_PER_USER);
    if (!shared) return local;
    return (user, work) => shared.run(name, user, 1 + WAITING_PER_USER, () => new TooManySearchesError(), () => local(user, work));
  };
  if (db.singleSession) {
    const heavyReads = gate('heavyReads', SLOTS.singleSession);
    return { searches: heavyReads, lists: heavyReads };
  }
  return { searches: gate('searches', SLOTS.pool), lists: gate('lists', LIST_SLOTS_ON_POOL) };
}
