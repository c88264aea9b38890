// The words branch of a search ranks below the text beginning a PIN, an address or an owner; it is read
// only while those find fewer parcels than the cap (parcelSearchSql.ts). The answers are the ones with
// every branch read, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL; and where the owners beginning
// with the text fill the cap, the words branch reads nothing (at a state's size, its trigram index).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP, SEARCH_SORTS } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../../testing/testApp.ts';
import { searchStatement, type SearchPage, type SearchStatement } from './parcelSearchSql.ts';
import { analyseSearchText } from './searchText.ts';

/** The statement as it was before later branches waited: every branch read. */
const everyBranchRead = ({ sql, params }: SearchStatement): SearchStatement => {
  const gates = / AND \(SELECT count\(DISTINCT pin\) FROM earlier\) < \$\d+/g;
  expect(sql).toMatch(gates);
  return { sql: sql.replace(gates, ''), params };
};

interface PlanNode {
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const plansIn = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(plansIn)];

describe('the later branches of parcel search', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    // More owners beginning with MOORHEN than the cap, and a few with it later in the name.
    await app.db.query(`UPDATE parcels SET owner = 'MOORHEN ' || owner WHERE fid % 2 = 0`);
    await app.db.query(`UPDATE parcels SET owner = owner || ' MOORHEN' WHERE fid % 14 = 1`);
  });
  afterAll(() => app.close());

  const statement = (query: string, page: SearchPage) => searchStatement(analyseSearchText(query), 'words', page, SEARCH_TOTAL_CAP, page.offset === 0);
  const rowsOf = async ({ sql, params }: SearchStatement) => (await app.db.query(sql, params)).rows;

  it('has more owners beginning with the word than the cap, and fewer beginning with the others', async () => {
    const count = async (pattern: string) => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE owner LIKE $1`, [pattern])).rows[0]!.n;
    expect(await count('MOORHEN %')).toBeGreaterThan(SEARCH_TOTAL_CAP + 1);
    expect(await count('% MOORHEN')).toBeGreaterThan(0);
    expect(await count('ADAMS %')).toBeLessThan(SEARCH_TOTAL_CAP);
  });

  it.each(['moorhen', 'moorh', 'moo', 'moorhen adams', 'adams', 'adams moorhen', 'moorhen 1', '1 moorhen'])('answers %s as with every branch read', async (query) => {
    for (const sort of SEARCH_SORTS) {
      for (const offset of [0, 490]) {
        const page: SearchPage = { limit: 20, offset, sort, dir: sort === 'acres' ? 'desc' : 'asc' };
        const gated = statement(query, page);
        expect(await rowsOf(gated)).toEqual(await rowsOf(everyBranchRead(gated)));
      }
    }
  });

  it('reads the words branch only while the owners beginning with the text fall short of the cap', async () => {
    const page: SearchPage = { limit: 20, offset: 0, sort: 'relevance', dir: 'asc' };
    const wordsScans = async (query: string) => {
      const { sql, params } = statement(query, page);
      const { rows } = await app.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const plan = rows[0]!['QUERY PLAN'];
      const [{ Plan }] = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
      // The words branch's scan (an index's or the table's, as the planner picks for the test county): its
      // condition is on the owner and address text, lower-cased and translated.
      const onSearchWords = (node: PlanNode) => [node['Index Cond'], node['Recheck Cond'], node.Filter].some((condition) => condition?.includes('translate('));
      const scans = plansIn(Plan).filter(onSearchWords);
      expect(scans.length).toBeGreaterThan(0);
      return scans.map((node) => node['Actual Loops']);
    };
    expect((await wordsScans('moorhen')).every((loops) => loops === 0)).toBe(true);
    expect((await wordsScans('adams')).every((loops) => loops! > 0)).toBe(true);
  });
});
