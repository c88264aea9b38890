// Attribute queries: which parcels match every filter, the text, a drawn area and an overlay's
// features; one page of them with the exact total, or all of them as CSV lines. Knows no HTTP.
//
// Once the data version's column index is built, a query without text, area or overlay is answered
// from it (columnQuery.ts) and its page's rows read by feature id; the rest, and every query before
// then, is SQL.
//
// Every statement takes a turn at the gate of lists (searchGate.ts: createDatabaseGates): a query over
// a whole county, or a whole list written page by page, holds one of its few connections for one
// statement at a time; other users' queries are served between them, and everything else beside them.
import type { Queryable } from '@parcel-map/database';
import type { ParcelQuery, ParcelQueryResponse, QueryConditions, QueryFieldsResponse } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../../platform/cache/dataVersion.ts';
import { BadRequestError } from '../../../platform/http/httpErrors.ts';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import type { SearchGate } from '../search/searchGate.ts';
import { wholeListCsv } from '../wholeList/wholeListCsv.ts';
import type { WholeListRepository } from '../wholeList/wholeListRepository.ts';
import { columnPlan, fidsOf, firstInOrder, matchingRows, rowOrder } from './columnQuery.ts';
import { areaTest, type Area, type AreaTest } from './queryArea.ts';
import type { QueryColumnIndex } from './queryColumns.ts';
import { orderSql, SqlParams, whereSql, type QuerySql } from './queryConditions.ts';
import type { FieldCatalogue } from './queryFields.ts';
import type { MatchSet, QueryRepository } from './queryRepository.ts';

/** Outlines read and measured per statement when a query has an area. */
const OUTLINES_PER_READ = 2_000;
/** Matches whose box is read by their feature ids (an index lookup each) rather than by the query's SQL. */
const BOUNDS_BY_FID = 50_000;

export function createQueryService(deps: {
  repository: QueryRepository;
  wholeList: Pick<WholeListRepository, 'records'>;
  /** The fields of a data version, read once per version (index.ts). */
  catalogue: (version: number) => Promise<FieldCatalogue>;
  dataVersion: Pick<DataVersion, 'known' | 'current'>;
  gate: SearchGate;
  /** The column index and the database its text filters are evaluated on (columnQuery.ts). */
  columns: { index: QueryColumnIndex; db: Queryable };
}) {
  const { repository, gate } = deps;
  const currentVersion = async () => deps.dataVersion.known() ?? (await deps.dataVersion.current());
  const catalogue = async () => deps.catalogue(await currentVersion());

  return {
    async fields(): Promise<QueryFieldsResponse> {
      return { fields: (await catalogue()).listed };
    },

    /** `user`: whose query it is, so that one user's statements wait in a line of their own. */
    async page(query: ParcelQuery, user: string): Promise<ParcelQueryResponse> {
      const matched = await fromColumns(query, user, query.offset + query.limit);
      if (matched) {
        const fids = Array.from(matched.fids.subarray(query.offset));
        const results = await gate(user, () => repository.results(fids));
        // Fewer when a publish came between the columns and this read: SQL answers from the new version.
        if (results.length === fids.length) return { results, total: matched.total };
      }
      const sql = await querySql(query, user);
      return gate(user, () => repository.page(sql, query.limit, query.offset));
    },

    /** Every match's feature id, ascending, and their box (the map's highlight looks them up: queryMatches.ts). */
    async matchSet(conditions: QueryConditions, user: string): Promise<MatchSet> {
      const matched = await fromColumns(conditions, user, undefined);
      // Their box read by feature id; past BOUNDS_BY_FID matches one pass of the SQL's is cheaper.
      if (matched && matched.total <= BOUNDS_BY_FID) {
        const { fids } = matched;
        const bounds = await gate(user, () => repository.boundsOf(fids));
        if (bounds.parcels === fids.length) return { fids, bounds: bounds.box };
      }
      const sql = await querySql(conditions, user);
      return gate(user, () => repository.matchSet(sql));
    },

    /**
     * The whole result as CSV lines: the header, the rows in the query's order, the count line. What
     * is wrong with the query is thrown before the first line, what goes wrong meanwhile (the
     * database, ListChangedError) from the lines, so the file then lacks its count line.
     */
    async csv(query: ParcelQuery, user: string): Promise<AsyncGenerator<string>> {
      const { attributes } = await catalogue();
      const matched = await fromColumns(query, user, Infinity);
      const fids = matched ? matched.fids : await querySql(query, user).then((sql) => gate(user, () => repository.orderedFids(sql)));
      return wholeListCsv({ fids, attributes, read: (chunk) => gate(user, () => deps.wholeList.records(chunk)) });
    },
  };

  /**
   * The feature ids of the query's `first` matches in its order (all of them by feature id when undefined)
   * and how many match, from the column index: when it holds the current version (asking starts
   * building it) and can answer the query (columnPlan); else undefined. The pass takes a turn at the
   * gate, as a statement would: a few passes at once, not every user's, share the event loop.
   */
  async function fromColumns(query: QueryConditions & Partial<Pick<ParcelQuery, 'sort' | 'dir'>>, user: string, first: number | undefined): Promise<{ fids: Int32Array; total: number } | undefined> {
    const version = await currentVersion();
    const fields = await deps.catalogue(version);
    const columns = deps.columns.index.columnsFor(version);
    const plan = columns && columnPlan(query, fields, columns);
    if (!columns || !plan) return undefined;
    const order = first === undefined ? undefined : await rowOrder(columns, plan);
    if (first !== undefined && !order) return undefined;
    return gate(user, async () => {
      const rows = await matchingRows(deps.columns.db, columns, plan.filters);
      const ordered = first === undefined || !order ? rows : await firstInOrder(rows, order, first);
      return { fids: await fidsOf(columns, ordered), total: rows.length };
    });
  }

  /** The query's SQL, its area and overlay worked out as the feature ids inside them. */
  async function querySql(query: QueryConditions & Partial<Pick<ParcelQuery, 'sort' | 'dir'>>, user: string): Promise<QuerySql> {
    const fields = await catalogue();
    const params = new SqlParams();
    let where = whereSql(query, fields, params);
    const order = (statementParams: SqlParams) => orderSql(query, fields, statementParams);
    // A sort the data sets cannot give is a 400 before any statement runs.
    order(params.fork());
    if (query.within) {
      const inside = await fidsMeeting(areaTest([query.within]), { where, params }, user);
      where = `${where} AND p.fid = ANY(${params.add(inside)}::int[])`;
    }
    if (query.overlay) {
      const { name, where: properties, inside } = query.overlay;
      const overlay = await gate(user, () => repository.currentOverlay(name));
      if (!overlay) throw new BadRequestError(`overlay.name: ${name} is not an overlay served`);
      if (overlay.geometry_type !== 'polygon') throw new BadRequestError(`overlay.name: ${name} has no inside (its features are ${overlay.geometry_type}s)`);
      const areas: Area[] = await gate(user, () => repository.overlayAreas(overlay.id, properties ?? {}));
      const meeting = await fidsMeeting(areaTest(areas), { where, params }, user);
      where = `${where} AND ${inside ? '' : 'NOT '}(p.fid = ANY(${params.add(meeting)}::int[]))`;
    }
    return { where, params, order };
  }

  /** The matches so far that meet the areas: candidates by box, then each outline measured. */
  async function fidsMeeting(test: AreaTest, sql: Pick<QuerySql, 'where' | 'params'>, user: string): Promise<number[]> {
    const candidates = await gate(user, () => repository.fidsInBox(test.box, sql));
    const meeting: number[] = [];
    const slices = eventLoopSlices();
    for (let start = 0; start < candidates.length; start += OUTLINES_PER_READ) {
      const outlines = await gate(user, () => repository.outlines(candidates.slice(start, start + OUTLINES_PER_READ)));
      for (const { fid, geometry } of outlines) {
        if (test.meets(JSON.parse(geometry) as Area)) meeting.push(fid);
        if (slices.spent) await slices.next();
      }
    }
    return meeting;
  }
}

export type QueryService = ReturnType<typeof createQueryService>;
