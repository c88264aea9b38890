// The SQL of attribute queries on `parcels p`: the WHERE and ORDER BY come from queryConditions.ts
// with their parameters; this adds the rest, parameterised too. Lists and outlines come back as one
// value each (string_agg, json_agg), as the nearby lists' do: PGlite hands rows over one by one at a
// cost per row, and every other user's query waits on its one session meanwhile.
import type { Queryable } from '@parcel-map/database';
import type { ParcelQueryResponse } from '@parcel-map/shared/contracts';
import type { Area, Box } from './queryArea.ts';
import type { QuerySql } from './queryConditions.ts';

// Separators no outline's JSON text holds (control characters are escaped in it).
const UNIT = "E'\\x1f'";
const RECORD = "E'\\x1e'";

const RESULT = `json_build_object('pin', p.pin, 'owner', p.owner, 'add1', p.add1, 'city', p.city, 'zip', p.zip, 'taxacres', p.taxacres,
  'centroid', json_build_object('lng', p.centroid_lon, 'lat', p.centroid_lat),
  'mail_add1', p.mail_add1, 'mail_city', p.mail_city, 'mail_state', p.mail_state, 'mail_zip', p.mail_zip)`;

/** A query's matches: their feature ids, ascending, and the box of them all (null when none matches). */
export interface MatchSet {
  fids: Int32Array;
  bounds: [number, number, number, number] | null;
}

interface OverlayRow {
  id: number;
  geometry_type: string;
}

interface Outline {
  fid: number;
  geometry: string;
}

const fidList = (joined: string | null | undefined): number[] => (joined ? joined.split(',').map(Number) : []);

const COMMA = 0x2c;
const ZERO = 0x30;

/**
 * fidList's numbers as an Int32Array, read in one pass: for 500,000 matches split and Number took
 * ~220 ms of the event loop and an array of boxed numbers, this ~40 ms and 2 MB.
 */
function fidArray(joined: string | null | undefined): Int32Array {
  if (!joined) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < joined.length; i += 1) if (joined.charCodeAt(i) === COMMA) count += 1;
  const fids = new Int32Array(count);
  let at = 0;
  let value = 0;
  for (let i = 0; i < joined.length; i += 1) {
    const code = joined.charCodeAt(i);
    if (code === COMMA) {
      fids[at++] = value;
      value = 0;
    } else value = value * 10 + (code - ZERO);
  }
  fids[at] = value;
  return fids;
}

export function createQueryRepository(db: Queryable) {
  return {
    /** One page of the matches and how many there are, from one statement (one snapshot); json_agg takes the page's rows in its order. */
    async page({ where, params: whereParams, order }: QuerySql, limit: number, offset: number): Promise<ParcelQueryResponse> {
      const params = whereParams.fork();
      const { rows } = await db.query<{ total: number; results: string | null }>(
        `SELECT (SELECT count(*) FROM parcels p WHERE ${where})::int AS total,
                (SELECT json_agg(page.result)::text FROM (SELECT ${RESULT} AS result FROM parcels p WHERE ${where}
                   ORDER BY ${order(params)} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}) AS page) AS results`,
        params.values,
      );
      const row = rows[0]!;
      return { results: row.results ? (JSON.parse(row.results) as ParcelQueryResponse['results']) : [], total: row.total };
    },

    /** These parcels' result rows, in the order of `fids`; those no longer served are left out. */
    async results(fids: readonly number[]): Promise<ParcelQueryResponse['results']> {
      const { rows } = await db.query<{ results: string | null }>(
        `SELECT json_agg(${RESULT} ORDER BY array_position($1::int[], p.fid))::text AS results FROM parcels p WHERE p.fid = ANY($1::int[])`,
        [fids],
      );
      return rows[0]?.results ? (JSON.parse(rows[0].results) as ParcelQueryResponse['results']) : [];
    },

    /** The box of these parcels' outlines, and how many of them are still served. */
    async boundsOf(fids: Int32Array): Promise<{ parcels: number; box: MatchSet['bounds'] }> {
      const { rows } = await db.query<{ parcels: number; west: number | null; south: number | null; east: number | null; north: number | null }>(
        `SELECT count(*)::int AS parcels, min(p.min_lon) AS west, min(p.min_lat) AS south, max(p.max_lon) AS east, max(p.max_lat) AS north
           FROM parcels p WHERE p.fid = ANY($1::int[])`,
        [Array.from(fids)],
      );
      const { parcels, west, south, east, north } = rows[0]!;
      return { parcels, box: west === null || south === null || east === null || north === null ? null : [west, south, east, north] };
    },

    /** Every match's feature id, in the list's order. */
    async orderedFids({ where, params: whereParams, order }: QuerySql): Promise<number[]> {
      const params = whereParams.fork();
      const { rows } = await db.query<{ fids: string | null }>(`SELECT string_agg(p.fid::text, ',' ORDER BY ${order(params)}) AS fids FROM parcels p WHERE ${where}`, params.values);
      return fidList(rows[0]?.fids);
    },

    /**
     * Every match's feature id, ascending (sorted by the database, off the API's event loop): the map's
     * highlight looks them up; and the box of their outlines, from the same snapshot.
     */
    async matchSet({ where, params }: Pick<QuerySql, 'where' | 'params'>): Promise<MatchSet> {
      const { rows } = await db.query<{ fids: string | null; west: number | null; south: number | null; east: number | null; north: number | null }>(
        `SELECT string_agg(p.fid::text, ',' ORDER BY p.fid) AS fids,
                min(p.min_lon) AS west, min(p.min_lat) AS south, max(p.max_lon) AS east, max(p.max_lat) AS north
           FROM parcels p WHERE ${where}`,
        params.fork().values,
      );
      const { fids, west, south, east, north } = rows[0] ?? { fids: null, west: null, south: null, east: null, north: null };
      return { fids: fidArray(fids), bounds: west === null || south === null || east === null || north === null ? null : [west, south, east, north] };
    },

    /** The matches whose box meets `box`: the candidates of a spatial test. */
    async fidsInBox(box: Box, { where, params: whereParams }: Pick<QuerySql, 'where' | 'params'>): Promise<number[]> {
      const params = whereParams.fork();
      const [west, south, east, north] = box.map((value) => params.add(value));
      const { rows } = await db.query<{ fids: string | null }>(
        `SELECT string_agg(p.fid::text, ',') AS fids FROM parcels p
          WHERE p.bbox && box(point(${west}, ${south}), point(${east}, ${north})) AND ${where}`,
        params.values,
      );
      return fidList(rows[0]?.fids);
    },

    async outlines(fids: readonly number[]): Promise<Outline[]> {
      const { rows } = await db.query<{ joined: string | null }>(
        `SELECT string_agg(fid::text || ${UNIT} || geometry::text, ${RECORD}) AS joined FROM parcels WHERE fid = ANY($1::int[])`,
        [fids],
      );
      const joined = rows[0]?.joined;
      if (!joined) return [];
      return joined.split('\x1e').map((outline) => {
        const at = outline.indexOf('\x1f');
        return { fid: Number(outline.slice(0, at)), geometry: outline.slice(at + 1) };
      });
    },

    async currentOverlay(name: string): Promise<OverlayRow | undefined> {
      const { rows } = await db.query<OverlayRow>('SELECT id, geometry_type FROM overlays WHERE name = $1 AND is_current', [name]);
      return rows[0];
    },

    /** The overlay's features whose properties equal these (text without regard to case). */
    async overlayAreas(overlayId: number, where: Record<string, string | number>): Promise<Area[]> {
      const params: unknown[] = [overlayId];
      const add = (value: unknown) => `$${params.push(value)}`;
      const conditions = Object.entries(where).map(([key, value]) => `lower(properties ->> ${add(key)}) = lower(${add(String(value))})`);
      const { rows } = await db.query<{ geometries: string | null }>(
        `SELECT json_agg(geometry)::text AS geometries FROM overlay_features WHERE overlay_id = $1${conditions.map((condition) => ` AND ${condition}`).join('')}`,
        params,
      );
      const geometries = rows[0]?.geometries ? (JSON.parse(rows[0].geometries) as { type: string }[]) : [];
      return geometries.filter((geometry): geometry is Area => geometry.type === 'Polygon' || geometry.type === 'MultiPolygon');
    },
  };
}

export type QueryRepository = ReturnType<typeof createQueryRepository>;
