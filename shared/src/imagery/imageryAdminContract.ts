// The wire contract of an imagery import handed to the running API (POST /api/admin/imports/{id}/imagery,
// the import command's --imagery while the API holds the database, and the Data page): what is asked,
// and the report both the command and the page show.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';
import { IMAGERY_TILE_FORMATS, imageryYearSchema, type ImageryTileFormat } from './imageryContract.ts';

const TILE_FORMATS = Object.keys(IMAGERY_TILE_FORMATS) as [ImageryTileFormat, ...ImageryTileFormat[]];

/** The files an imagery import reads: GeoTIFF/COG, JPEG 2000, and JPEG or PNG placed by a world file. */
export const IMAGERY_FILE_EXTENSIONS = ['.tif', '.tiff', '.jp2', '.j2k', '.jpg', '.jpeg', '.png'] as const;
export type ImageryFileExtension = (typeof IMAGERY_FILE_EXTENSIONS)[number];

/** The world files that place a JPEG or PNG, uploaded beside it under its name. */
export const IMAGERY_WORLD_FILE_EXTENSIONS = ['.jgw', '.jpgw', '.pgw', '.pngw', '.wld'] as const;
export type ImageryWorldFileExtension = (typeof IMAGERY_WORLD_FILE_EXTENSIONS)[number];

export const imageryImportBodySchema = z.object({
  /** The uploaded image; a world file it needs is uploaded beside it under its own name. */
  file: z.string().check(z.minLength(1)),
  /** The imagery layer's name (IMAGERY_NAME_PATTERN). */
  imagery: z.string(),
  /** What the base map menu shows; the name when not given. */
  label: z.optional(z.string().check(z.minLength(1))),
  attribution: z.optional(z.string()),
  /** The year the photos were taken. */
  year: z.optional(imageryYearSchema),
  /** The CRS of a file that declares none (EPSG:26771, WKT or +proj). */
  crs: z.optional(z.string().check(z.minLength(1))),
});

/** What an imagery import reports. */
export const imageryImportReportSchema = z.object({
  file: z.string(),
  /** What GDAL read it as, e.g. "GTiff/GeoTIFF". */
  format: z.string(),
  imagery: z.object({ name: z.string(), label: z.string(), version: z.number(), year: z.nullable(z.number()) }),
  /** The source's CRS (its name), and its pixel size in the CRS's unit. */
  crs: z.string(),
  resolution: z.string(),
  width: z.number(),
  height: z.number(),
  bands: z.number(),
  /** The source's nodata value, if it declares one. */
  nodata: z.nullable(z.string()),
  /** Its footprint, [west, south, east, north] in lon/lat. */
  bbox: bboxSchema,
  minzoom: z.number(),
  maxzoom: z.number(),
  tileFormat: z.enum(TILE_FORMATS),
  /** Bytes of the source and of the tiled file written. */
  sourceBytes: z.number(),
  storedBytes: z.number(),
  timings: z.object({ totalMs: z.number() }),
});

export type ImageryImportBody = z.infer<typeof imageryImportBodySchema>;
export type ImageryImportReport = z.infer<typeof imageryImportReportSchema>;
