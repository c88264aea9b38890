// The SQL of attribute queries on `parcels p`: the WHERE and ORDER BY come from queryConditions.ts
// with their parameters; this adds the rest, parameterised too. Lists and outlines come back as one
// value each (string_agg, json_agg), as the nearby lists' do: PGlite hands rows over one by one at a
// cost per row, and every other user's query waits on its one session meanwhile.
import type { Queryable } from '@parcel-map/database';
import type { ParcelAttributeValues, ParcelQueryResponse } from '@parcel-map/shared/contracts';
import type { Area, Box } from './queryArea.ts';
import type { QuerySql } from './queryConditions.ts';

// Separators no outline's JSON text holds (control characters are escaped in it).
const UNIT = "E'\\x1f'";
const RECORD = "E'\\x1e'";

const RESULT = `json_build_object('pin', p.pin, 'owner', p.owner, 'add1', p.add1, 'city', p.city, 'zip', p.zip, 'taxacres', p.taxacres,
  'centroid', json_build_object('lng', p.centroid_lon, 'lat', p.centroid_lat),
  'mail_add1', p.mail_add1, 'mail_city', p.mail_city, 'mail_state', p.mail_state, 'mail_zip', p.mail_zip)`;

/** A whole list's row: its cells in QUERY_CSV_COLUMNS' order, and its attributes. */
export type CsvRecord = [cells: (string | number | null)[], attributes: ParcelAttributeValues | null];
/** The columns read for QUERY_CSV_COLUMNS, in its order. */
const CSV_SOURCES = [
  'pin', 'owner', 'add1', 'add2', 'city', 'state', 'zip', 'taxacres', 'zoning', 'township', 'sale_date', 'sales_price',
  'centroid_lat', 'centroid_lon', 'mail_add1', 'mail_city', 'mail_state', 'mail_zip',
] as const;
/** [fid, ...the CSV_SOURCES' values, attributes] */
type CsvRow = [number, ...(string | number | null)[]];

interface OverlayRow {
  id: number;
  geometry_type: string;
}

interface Outline {
  fid: number;
  geometry: string;
}

const fidList = (joined: string | null | undefined): number[] => (joined ? joined.split(',').map(Number) : []);

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

    /** Every match's feature id, in the list's order. */
    async orderedFids({ where, params: whereParams, order }: QuerySql): Promise<number[]> {
      const params = whereParams.fork();
      const { rows } = await db.query<{ fids: string | null }>(`SELECT string_agg(p.fid::text, ',' ORDER BY ${order(params)}) AS fids FROM parcels p WHERE ${where}`, params.values);
      return fidList(rows[0]?.fids);
    },

    /**
     * These parcels' rows for the CSV, in the order given; a parcel no longer served is left out. Read
     * through the feature id index and put in order here: joined to the list's positions in SQL, the
     * planner hashed the whole table for every chunk.
     */
    async csvRecords(fids: readonly number[]): Promise<CsvRecord[]> {
      const { rows } = await db.query<{ records: string | null }>(
        `SELECT json_agg(json_build_array(p.fid, ${CSV_SOURCES.map((column) => `p.${column}`).join(', ')}, p.attributes))::text AS records
           FROM parcels p WHERE p.fid = ANY($1::int[])`,
        [fids],
      );
      const read = rows[0]?.records ? (JSON.parse(rows[0].records) as CsvRow[]) : [];
      const byFid = new Map(read.map((row) => [row[0], row]));
      return fids.flatMap((fid) => {
        const row = byFid.get(fid);
        if (!row) return [];
        return [[row.slice(1, 1 + CSV_SOURCES.length) as (string | number | null)[], row[1 + CSV_SOURCES.length] as unknown as ParcelAttributeValues | null]];
      });
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
