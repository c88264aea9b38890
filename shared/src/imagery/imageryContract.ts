// The wire contract of the imagery layers: orthophotos and satellite images imported beside a
// county's parcels, versioned like data sets, served as raster tiles (one stored tile of the file
// per map tile) and listed by GET /api/imagery. zod/mini: the map parses the answer in the browser.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';

/** An imagery layer's name: a slug such as `orthophoto-2024`, unique among imagery layers. */
export const IMAGERY_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * How an imagery layer's tiles are stored, and the extension of their URLs. A `jpeg` layer keeps its
 * transparency in a mask beside the tiles, and its tiles on the image's edge are sent as WebP.
 */
export const IMAGERY_TILE_FORMATS = { webp: { extension: 'webp' }, jpeg: { extension: 'jpg' } } as const;
export type ImageryTileFormat = keyof typeof IMAGERY_TILE_FORMATS;

/** The quality imagery tiles are encoded at (JPEG and WebP): aerial photography keeps fences and paint lines readable. */
export const IMAGERY_TILE_QUALITY = 85;

/**
 * Where the API serves imagery tiles: `/tiles/imagery/{name}/{z}/{x}/{y}.webp?v=<id>`. They hold no
 * county data, so unlike the other tile sets under COUNTY_DATA_TILES_PATH they need no session.
 */
export const IMAGERY_TILES_PATH = '/tiles/imagery';

/** The zooms an imagery tile may be asked at: any a web map has (a layer answers 204 beyond its own). */
export const IMAGERY_TILE_ZOOMS = { min: 0, max: 24 } as const;

/**
 * An imagery version's tile URL template (relative to the API base). `v` is the version's row id,
 * never reused (a name removed and imported again starts at version 1), so the URL names its tiles for good.
 */
export function imageryTilesTemplate(name: string, format: ImageryTileFormat, id: number): string {
  return `${IMAGERY_TILES_PATH}/${name}/{z}/{x}/{y}.${IMAGERY_TILE_FORMATS[format].extension}?v=${id}`;
}

/**
 * Where an imagery layer's tiles come from: a file imported and served by the API ('file'), or a
 * tile service an administrator added on the Data page, whose tiles the browser fetches from its
 * own host ('service', imageryServiceContract.ts).
 */
const IMAGERY_SOURCES = ['file', 'service'] as const;

/**
 * The raster source of an imagery layer's base style (GET /styles/imagery-<name>.json): the map
 * watches its tiles to tell a service that is not answering.
 */
export const IMAGERY_STYLE_SOURCE = 'imagery';

/** The base style of every imagery layer at once (GET /styles/imagery.json), the newest on top; `imagery-<name>` styles draw one. */
export const NEWEST_IMAGERY_STYLE_ID = 'imagery';
/** Its name, which carries 'satellite' as every imagery style's does (SPEC §4's yellow outlines). */
export const NEWEST_IMAGERY_LABEL = 'newest available';

/** The year an imagery layer's photos were taken, as an import or a service is given it (migration 016's range). */
export const imageryYearSchema = z.number().check(z.int(), z.minimum(1900), z.maximum(2100));

/** A year as typed (the import command's --year, the Data page's field): four digits in range, else null. */
export function imageryYearFromText(text: string): number | null {
  const year = imageryYearSchema.safeParse(/^\d{4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  return year.success ? year.data : null;
}

/** One imagery layer as GET /api/imagery lists it: the current version of each imported file, and each service. */
export const imagerySchema = z.object({
  name: z.string(),
  source: z.enum(IMAGERY_SOURCES),
  /** What the base map menu shows, e.g. "Orthophoto 2024". */
  label: z.string(),
  /** Its footprint, [west, south, east, north] in lon/lat. */
  bbox: bboxSchema,
  /** Its tiles are stored from minzoom to maxzoom; the map overzooms past maxzoom. */
  minzoom: z.number(),
  maxzoom: z.number(),
  /**
   * The URL template of its tiles: for a file, relative to the API base (`{z}/{x}/{y}`); for a
   * service, absolute on the service's host, as mapbox-gl fills it (`{z}/{x}/{y}` or `{bbox-epsg-3857}`).
   */
  tiles: z.string(),
  attribution: z.string(),
  /** A file's version; a service is not versioned and is always 1. */
  version: z.number(),
  /** The year its photos were taken, when the import or the service was given it. */
  year: z.nullable(z.number()),
});

/**
 * GET /api/imagery (public, as its tiles are): the oldest first — by the year the photos were taken
 * (a layer without one counts as taken the year it was published or added), then imported files as
 * published before services as added.
 */
export const imageryAnswerSchema = z.object({ imagery: z.array(imagerySchema) });

export type Imagery = z.infer<typeof imagerySchema>;
export type ImageryAnswer = z.infer<typeof imageryAnswerSchema>;
