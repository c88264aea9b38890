// SQL for the parcel tiles PostGIS builds (postgisTileSource.ts): one ST_AsMVT statement per tile from
// the Web Mercator outlines migration 030 stores, found by their GiST index; the feature ids of a
// tile; and, once per data version, the box of the data served and a parcel in its middle.
import type { Db } from '@parcel-map/database';
import type { LonLatBox } from '../kit/tileMath.ts';
import { BUFFER, EXTENT } from './parcelTileEncoder.ts';
import type { TileAddress } from './parcelTileSource.ts';

/** Web Mercator's width (and height) in metres: the unit square's side. */
export const WEB_MERCATOR_WIDTH = 2 * 20037508.342789244;

/** What a tile's statement is told besides the tile itself. */
export interface MvtTileQuery {
  layer: string;
  /** The query buffer, a fraction of the tile's side on each side (parcelTileRules.ts). */
  margin: number;
  /** Least width or height in degrees of a parcel drawn (0: every parcel). */
  minSize: number;
  /** Douglas–Peucker tolerance in metres; an outline of less area than its square is left out. */
  tolerance: number;
  /** Owner, address, city and acreage besides the pin. */
  fullProperties: boolean;
}

/** Written by the own encoder (parcelTileEncoder.ts) when not null or empty; the set stores a parcel's kind 'parcel' as none. */
const NOBODYS_KIND = "NULLIF(NULLIF(kind, 'parcel'), '')";
/**
 * The own encoder's properties as columns of the same names, in its order, NULL where it writes none
 * (ST_AsMVT leaves NULL values out, and writes empty strings, which the encoder leaves out): pin twice,
 * a kind for a feature that is nobody's; from the label zoom the owner (else the parcel's name, never
 * for nobody's), site address, city and finite acres.
 */
export const PIN_PROPERTIES = `pin, pin AS "PIN", ${NOBODYS_KIND} AS kind`;
export const FULL_PROPERTIES = `${PIN_PROPERTIES},
  CASE WHEN ${NOBODYS_KIND} IS NULL THEN NULLIF(coalesce(owner, name), '') END AS "Name",
  NULLIF(add1, '') AS "ADD1", NULLIF(city, '') AS "CITY",
  CASE WHEN taxacres NOT IN ('NaN', 'Infinity', '-Infinity') THEN taxacres END AS "TaxAcres"`;

/**
 * A tile's parcels: $1–$3 the tile's z, x and y, $4 the margin, $5 the least size, $6 the tolerance,
 * $7 the feature ids kept (null: all). The size test is findForTile's on the stored lon/lat box
 * (parcelTilesRepository.ts); the area test is the encoder's on the whole outline, where it tests each ring.
 */
const TILE_PARCELS = `parcels
  WHERE mercator_outline && ST_TileEnvelope($1, $2, $3, margin => $4::float8)
    AND ($5::float8 = 0 OR max_lon - min_lon >= $5::float8 OR max_lat - min_lat >= $5::float8)
    AND ST_Area(mercator_outline) >= $6::float8 * $6::float8
    AND ($7::int[] IS NULL OR fid = ANY($7::int[]))`;

/**
 * ST_AsMVTGeom clips to the encoder's extent and buffer after the outline is simplified whole (as the
 * encoder does, so a parcel across tiles has the same vertices in each); ST_AsMVT writes the layer
 * ($8), feature id = fid, in the encoder's order (pin). No `WHERE geom IS NOT NULL` around it, as the
 * usual recipe has: ST_AsMVT skips a row whose outline clipped to nothing, and that condition, pushed
 * into the scan, computed every outline twice: 150–260 ms instead of ~17 for a dense z14 tile
 * (bench/tileSources.bench.ts).
 */
const tileStatement = (fullProperties: boolean) => `
  SELECT ST_AsMVT(features, $8::text, ${EXTENT}, 'geom', 'fid' ORDER BY features.pin) AS mvt FROM (
    SELECT fid, ${fullProperties ? FULL_PROPERTIES : PIN_PROPERTIES},
           ST_AsMVTGeom(ST_Simplify(mercator_outline, $6::float8, true), ST_TileEnvelope($1, $2, $3), ${EXTENT}, ${BUFFER}, true) AS geom
      FROM ${TILE_PARCELS}
  ) features`;

export function createParcelMvtRepository(db: Db) {
  const tileValues = ({ z, x, y }: TileAddress, query: MvtTileQuery, fids: readonly number[] | null) => [z, x, y, query.margin, query.minSize, query.tolerance, fids];

  return {
    /** Whether `parcels` has migration 030's outlines: the database had PostGIS when it was migrated. */
    async hasMercatorOutlines(): Promise<boolean> {
      const { rows } = await db.query(
        "SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('parcels') AND attname = 'mercator_outline' AND NOT attisdropped",
      );
      return rows.length > 0;
    },

    /** The tile's MVT (uncompressed) of the parcels, or of those among `fids`; undefined when none shows. */
    async tileMvt(tile: TileAddress, query: MvtTileQuery, fids: readonly number[] | null = null): Promise<Uint8Array | undefined> {
      const { rows } = await db.query<{ mvt: Buffer | null }>(tileStatement(query.fullProperties), [...tileValues(tile, query, fids), query.layer]);
      const mvt = rows[0]?.mvt;
      // With no feature the aggregate writes a tile of no layer (0 bytes).
      return mvt && mvt.length > 0 ? new Uint8Array(mvt.buffer, mvt.byteOffset, mvt.byteLength) : undefined;
    },

    /** The feature ids of the parcels tileMvt finds for the tile. */
    async tileFids(tile: TileAddress, query: MvtTileQuery): Promise<number[]> {
      const { rows } = await db.query<{ fids: number[] | null }>(`SELECT array_agg(fid) AS fids FROM ${TILE_PARCELS}`, tileValues(tile, query, null));
      return rows[0]?.fids ?? [];
    },

    /**
     * The data version in the database now and the box of its parcels (each data set version's, stored
     * when it is published: datasetVersions.ts), undefined with none; read together, so the box is that version's.
     */
    async servedExtent(): Promise<{ version: number; extent: LonLatBox | undefined }> {
      const { rows } = await db.query<{ version: number; west: number | null; south: number; east: number; north: number }>(
        `SELECT (SELECT value::float8 FROM data_version) AS version, min(west) AS west, min(south) AS south, max(east) AS east, max(north) AS north
           FROM datasets WHERE is_current`,
      );
      const { version, west, south, east, north } = rows[0]!;
      return { version, extent: west === null ? undefined : { west, south, east, north } };
    },

    /** A point of the parcel nearest to lon, lat (Web Mercator, the unit square), undefined with none. */
    async parcelNear(lon: number, lat: number): Promise<{ x: number; y: number } | undefined> {
      const { rows } = await db.query<{ x: number; y: number }>(
        `SELECT ST_X(point) / $3 + 0.5 AS x, 0.5 - ST_Y(point) / $3 AS y
           FROM (SELECT ST_PointOnSurface(mercator_outline) AS point FROM parcels
                  WHERE NOT ST_IsEmpty(mercator_outline)
                  ORDER BY mercator_outline <-> ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), 3857) LIMIT 1) nearest`,
        [lon, lat, WEB_MERCATOR_WIDTH],
      );
      return rows[0];
    },
  };
}

export type ParcelMvtRepository = ReturnType<typeof createParcelMvtRepository>;
