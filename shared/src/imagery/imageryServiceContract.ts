// The imagery services an administrator adds on the Data page (/api/admin/imagery-services): a
// county's own tile service (XYZ, WMTS, WMS or ArcGIS) used as a base map beside imported imagery.
// The API checks the URL once when it is added and stores the tile template the map uses as is.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';
import { imageryYearSchema } from './imageryContract.ts';

/**
 * What a service's URL is: an XYZ template (`{z}/{x}/{y}`), a WMTS GetCapabilities URL, a WMS GetMap
 * request with `bbox={bbox-epsg-3857}`, or an ArcGIS MapServer/ImageServer's `…/tile/{z}/{y}/{x}`.
 */
export const IMAGERY_SERVICE_KINDS = ['xyz', 'wmts', 'wms', 'arcgis'] as const;
export type ImageryServiceKind = (typeof IMAGERY_SERVICE_KINDS)[number];

/** Web mercator's zooms a service may be asked for. */
export const IMAGERY_SERVICE_ZOOMS = { min: 0, max: 22 } as const;

const zoom = z.number().check(z.int(), z.minimum(IMAGERY_SERVICE_ZOOMS.min), z.maximum(IMAGERY_SERVICE_ZOOMS.max));

/** POST /api/admin/imagery-services. The name (the style's `imagery-<name>`) is made from the label. */
export const imageryServiceBodySchema = z.object({
  kind: z.enum(IMAGERY_SERVICE_KINDS),
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  label: z.string().check(z.minLength(1), z.maxLength(100)),
  attribution: z.optional(z.string().check(z.maxLength(300))),
  /** The year its photos were taken. */
  year: z.optional(imageryYearSchema),
  /** Where it has imagery, [west, south, east, north] in lon/lat: the map asks for no tile outside. */
  bounds: bboxSchema,
  minzoom: z.optional(zoom),
  maxzoom: z.optional(zoom),
  /** WMTS only: the layer's Identifier in the capabilities; by default the first in the web map's tiling. */
  layer: z.optional(z.string().check(z.maxLength(200))),
});
export type ImageryServiceBody = z.infer<typeof imageryServiceBodySchema>;

/** One service as the Data page lists it: what was given, and the tile template derived from it. */
export const imageryTileServiceSchema = z.object({
  name: z.string(),
  kind: z.enum(IMAGERY_SERVICE_KINDS),
  /** The URL as the administrator gave it (for WMTS, the capabilities URL). */
  url: z.string(),
  /** The template the map fetches tiles from. */
  tiles: z.string(),
  label: z.string(),
  attribution: z.string(),
  year: z.nullable(z.number()),
  bounds: bboxSchema,
  minzoom: z.number(),
  maxzoom: z.number(),
  /** When it was added (ISO 8601, UTC). */
  addedAt: z.string(),
});
export type ImageryTileService = z.infer<typeof imageryTileServiceSchema>;

/** GET /api/admin/imagery-services. */
export const imageryServicesAnswerSchema = z.object({ services: z.array(imageryTileServiceSchema) });
export type ImageryServicesAnswer = z.infer<typeof imageryServicesAnswerSchema>;
