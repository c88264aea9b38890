// Words in most parcels are left out of the trigram index's condition and filtered on the rows the rare
// words find (parcelSearchSql.ts): the same rows in the same order as with every word in the index, on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL. Most of the test county's owners get a common word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP, SEARCH_SORTS } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';
import { createParcelSearchRepository, type ParcelSearchRepository } from './parcelSearchRepository.ts';
import { searchStatement, type SearchPage } from './parcelSearchSql.ts';
import { analyseSearchText } from './searchText.ts';

describe('common words in parcel search', () => {
  let app: TestApp;
  let repository: ParcelSearchRepository;
  let common: string[];

  beforeAll(async () => {
    app = await startTestApp();
    // Three parcels in four: a common word that still tells parcels apart.
    await app.db.query(`UPDATE parcels SET owner = owner || ' HOLDINGS' WHERE fid % 4 <> 0`);
    repository = createParcelSearchRepository(app.db);
    common = await repository.commonWords();
  });
  afterAll(() => app.close());

  it('finds the word most parcels have, and not the rare ones', async () => {
    expect(common).toContain('holdings');
    expect(common).not.toContain('adams');
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE owner LIKE 'ADAMS %'`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('keeps a common word out of the index condition only beside a rare one', () => {
    const page: SearchPage = { limit: 10, offset: 0, sort: 'relevance', dir: 'asc' };
    const statement = (query: string) => searchStatement(analyseSearchText(query), 'words', page, SEARCH_TOTAL_CAP, true, common).sql;
    expect(statement('adams holdings')).toContain('strpos');
    expect(statement('holdings')).not.toContain('strpos');
    expect(statement('adams')).not.toContain('strpos');
  });

  // 'holdings 1' and '1 hold' match more parcels than the cap: which of them are kept depends on the
  // order the words branch reads them in.
  it.each(['adams holdings', 'holdings adams', 'hold anchor', 'holdings 1', '1 hold', 'adams amanda holdings dr', 'holdings', 'hold zzz'])(
    'answers %s as with every word in the index',
    async (query) => {
      const text = analyseSearchText(query);
      for (const sort of SEARCH_SORTS) {
        for (const offset of [0, 90]) {
          const page: SearchPage = { limit: 100, offset, sort, dir: sort === 'acres' ? 'desc' : 'asc' };
          const withCommon = await repository.search(text, 'words', page, SEARCH_TOTAL_CAP, offset === 0, common);
          const withoutCommon = await repository.search(text, 'words', page, SEARCH_TOTAL_CAP, offset === 0, []);
          expect(withCommon).toEqual(withoutCommon);
        }
      }
    },
  );

  it('caps a common word beside a rare one, as the cap says', async () => {
    const page: SearchPage = { limit: 10, offset: 0, sort: 'relevance', dir: 'asc' };
    const { total } = await repository.search(analyseSearchText('holdings 1'), 'words', page, SEARCH_TOTAL_CAP, false, common);
    expect(total).toBe(SEARCH_TOTAL_CAP + 1);
  });
});
