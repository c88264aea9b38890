// SQL for the parcel tiles: the parcels a tile shows, and every parcel page by page for the
// in-memory tile index (tileParcels.ts). Casts make PGlite and pg return identical JS values.
import type { Geometry } from 'geojson';
import type { Db } from '@parcel-map/database';
import type { ParcelKind } from '@parcel-map/shared/contracts';
import type { LonLatBox } from '../kit/tileMath.ts';

/** What a vector tile needs of a parcel. */
export interface ParcelTileRow {
  fid: number;
  pin: string;
  owner: string | null;
  name: string | null;
  add1: string | null;
  city: string | null;
  taxacres: number | null;
  geometry: Geometry;
  /** A parcel, or a feature that is nobody's (right-of-way, road, water, rail): the map draws and treats it as such. */
  kind: ParcelKind;
}

/** findForTile's row as the JSON array the query builds, in ParcelTileRow's field order. */
type TileTuple = [number, string, string | null, string | null, string | null, string | null, number | null, Geometry, ParcelKind];

/** The PINs after `after` up to and including `through`; null: no bound. */
export interface PinRange {
  after: string | null;
  through: string | null;
}

/** findTilePage's columns, in TileTuple's order. Not the bounding box: the reader works it out from the outline (reading four more numbers a row cost the database and the reader a sixth more). */
const PAGE_COLUMNS = 'fid, pin, owner, name, add1, city, taxacres, geometry, kind';
const PAGE_OF_PARCELS = `SELECT ${PAGE_COLUMNS} FROM parcels
  WHERE ($1::text IS NULL OR pin > $1) AND ($2::text IS NULL OR pin <= $2) ORDER BY pin LIMIT $3`;

export function createParcelTilesRepository(db: Db) {
  return {
    /**
     * Parcels whose bounding box overlaps the box (GiST index on `bbox`) and is at least `minSize`
     * degrees wide or high (0: every parcel; low zooms leave out parcels too small to see).
     */
    async findForTile(box: LonLatBox, minSize = 0): Promise<ParcelTileRow[]> {
      // One row holding one JSON array: on PGlite each result row and field costs tens of
      // microseconds to hand over, which for the thousand parcels of a z14 tile was half its build.
      const { rows } = await db.query<{ parcels: TileTuple[] | null }>(
        `SELECT json_agg(json_build_array(fid, pin, owner, name, add1, city, taxacres, geometry, kind) ORDER BY pin) AS parcels
           FROM parcels
          WHERE bbox && box(point($1, $2), point($3, $4))
            AND ($5::float8 = 0 OR max_lon - min_lon >= $5::float8 OR max_lat - min_lat >= $5::float8)`,
        [box.west, box.south, box.east, box.north, minSize],
      );
      return (rows[0]?.parcels ?? []).map(tileRowOf);
    },

    /** The range's parcels as findForTile returns them, `limit` at a time in findForTile's order (pin). */
    async findTilePage({ after, through }: PinRange, limit: number): Promise<ParcelTileRow[]> {
      // PGlite hands over one JSON row far faster than a page of rows (see findForTile). PostgreSQL is
      // the other way round: building the JSON cost it more than twice what pg's parsing of plain rows
      // costs here, and a state's parcels are read at every start.
      if (!db.singleSession) return (await db.query<ParcelTileRow>(PAGE_OF_PARCELS, [after, through, limit])).rows;
      const { rows } = await db.query<{ parcels: TileTuple[] | null }>(
        `SELECT json_agg(json_build_array(${PAGE_COLUMNS}) ORDER BY pin) AS parcels FROM (${PAGE_OF_PARCELS}) page`,
        [after, through, limit],
      );
      return (rows[0]?.parcels ?? []).map(tileRowOf);
    },

    /**
     * Up to `parts - 1` PINs, ascending, that cut the parcels into about equal parts, from a sample of
     * about 1 % of the table's pages (none for a table too small to sample).
     */
    async findPinSplits(parts: number): Promise<string[]> {
      const { rows } = await db.query<{ pins: (string | null)[] | null }>(
        `SELECT percentile_disc($1::float8[]) WITHIN GROUP (ORDER BY pin) AS pins FROM parcels TABLESAMPLE SYSTEM (1) REPEATABLE (0)`,
        [Array.from({ length: parts - 1 }, (_, i) => (i + 1) / parts)],
      );
      // In the order asked for, which is the database's order of PINs (a JS sort's may differ).
      return [...new Set((rows[0]?.pins ?? []).filter((pin): pin is string => pin !== null))];
    },
  };
}

export type ParcelTilesRepository = ReturnType<typeof createParcelTilesRepository>;

function tileRowOf([fid, pin, owner, name, add1, city, taxacres, geometry, kind]: TileTuple): ParcelTileRow {
  return { fid, pin, owner, name, add1, city, taxacres, geometry, kind };
}
