import { describe, expect, it } from 'vitest';
import { createDatabaseGates, createSearchGate, TooManySearchesError } from './searchGate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Searches through `gate` that note their label when they start and all finish on one release. */
function recordedSearches(gate: ReturnType<typeof createSearchGate>) {
  const started: string[] = [];
  const release = deferred();
  const search = (user: string, label: string) =>
    gate(user, async () => {
      started.push(label);
      await release.promise;
    });
  return { started, release, search };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createSearchGate', () => {
  it('runs at most its slots at once and the rest in the order they came', async () => {
    const gate = createSearchGate(1, 10);
    const started: number[] = [];
    const releases = [deferred(), deferred(), deferred()];
    const runs = releases.map((release, index) =>
      gate('user', async () => {
        started.push(index);
        await release.promise;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    releases[0]!.resolve();
    await runs[0];
    await settle();
    expect(started).toEqual([0, 1]);
    releases[1]!.resolve();
    releases[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('frees its slot when a search fails', async () => {
    const gate = createSearchGate(1, 10);
    await expect(gate('user', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate('user', () => Promise.resolve('next'))).toBe('next');
  });

  it("gives a free slot to the users in turn, so one user's many searches hold another's back by one", async () => {
    const gate = createSearchGate(1, 10);
    const { started, release, search } = recordedSearches(gate);
    const runs = [search('flooder', 'f1'), search('flooder', 'f2'), search('flooder', 'f3'), search('flooder', 'f4'), search('other', 'o1')];
    release.resolve();
    await Promise.all(runs);
    expect(started).toEqual(['f1', 'f2', 'o1', 'f3', 'f4']);
  });

  it("runs one search of each user at a time, leaving the other slots to other users", async () => {
    const gate = createSearchGate(3, 10);
    const { started, release, search } = recordedSearches(gate);
    const runs = [search('flooder', 'f1'), search('flooder', 'f2'), search('flooder', 'f3'), search('other', 'o1')];
    await settle();
    expect(started).toEqual(['f1', 'o1']);
    release.resolve();
    await Promise.all(runs);
    expect(started).toEqual(['f1', 'o1', 'f2', 'f3']);
  });

  it('answers 429 to a user with too many searches waiting, and not to another user', async () => {
    const gate = createSearchGate(1, 2);
    const release = deferred();
    const hold = () => release.promise;
    const waiting = [gate('flooder', hold), gate('flooder', hold), gate('flooder', hold)];
    const refused = gate('flooder', hold);
    await expect(refused).rejects.toBeInstanceOf(TooManySearchesError);
    await expect(refused).rejects.toMatchObject({ status: 429 });
    const other = gate('other', () => Promise.resolve('answered'));
    release.resolve();
    await Promise.all(waiting);
    expect(await other).toBe('answered');
    // Once the line is short again, the user is served again.
    expect(await gate('flooder', () => Promise.resolve('again'))).toBe('again');
  });
});

describe('createDatabaseGates', () => {
  it('on a PostgreSQL pool, a search gets its turn while attribute queries and whole lists hold every slot of theirs', async () => {
    const { searches, lists } = createDatabaseGates({ singleSession: false });
    const heavy = recordedSearches(lists);
    const heavyRuns = Array.from({ length: 20 }, (_, n) => heavy.search(`lister-${n}`, `list ${n}`));
    await settle();
    // The lists hold fewer connections than the searches' slots, and the other eighteen wait in line.
    expect(heavy.started).toEqual(['list 0', 'list 1']);
    await expect(searches('searcher', async () => 'answered')).resolves.toBe('answered');
    heavy.release.resolve();
    await Promise.all(heavyRuns);
  });

  it("on PGlite's one session, searches and lists take turns at one gate", async () => {
    const { searches, lists } = createDatabaseGates({ singleSession: true });
    expect(lists).toBe(searches);
  });
});
