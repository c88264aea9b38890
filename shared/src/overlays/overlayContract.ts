// The wire contract of the overlay layers: a county's other layers — flood zones, zoning
// districts, water, roads — imported beside its parcels, versioned like data sets, served as vector
// tiles and listed by GET /api/overlays. zod/mini: the map parses the answer in the browser.
import * as z from 'zod/mini';
import { bboxSchema } from '../parcels/parcelContract.ts';

/** An overlay's name: a slug such as `flood-zones`, unique among overlays. */
export const OVERLAY_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** What an overlay's features are; a file mixing kinds is refused (one overlay per kind). */
export const OVERLAY_GEOMETRY_TYPES = ['polygon', 'line', 'point'] as const;

/**
 * Base-map context: an overlay marked with one of these is drawn by the offline styles under the
 * parcels, as part of the background (a county outside the demo area has no other without a
 * Mapbox token), and is not listed as a toggle.
 */
export const OVERLAY_CONTEXT_KINDS = ['water', 'roads', 'buildings', 'boundaries'] as const;

/** Where the API serves overlay tiles: `/tiles/overlays/{name}/{z}/{x}/{y}.pbf?v=<data version>`. */
export const OVERLAY_TILES_PATH = '/tiles/overlays';
/** An overlay's tile URL template (relative to the API base), as GET /api/overlays lists it. */
export function overlayTilesTemplate(name: string, dataVersion: number): string {
  return `${OVERLAY_TILES_PATH}/${name}/{z}/{x}/{y}.pbf?v=${dataVersion}`;
}
/** Each overlay's tiles hold one layer of this name. */
export const OVERLAY_SOURCE_LAYER = 'features';
/** Overlay tiles are served at these zooms; the map overzooms past the last one. */
export const OVERLAY_TILE_ZOOMS = { min: 8, max: 16 } as const;

/** A CSS hex colour (`#rgb` or `#rrggbb`). */
const colourSchema = z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/));

/**
 * How an overlay is drawn: one colour, or a colour per value of one attribute (a flood zone, a
 * zoning district code) with `colour` for the values not listed. Set by the overlay's mapping file.
 */
export const overlayStyleSchema = z.object({
  colour: colourSchema,
  byAttribute: z.optional(
    z.object({
      attribute: z.string(),
      colours: z.record(z.string(), colourSchema),
    }),
  ),
  /**
   * The property whose value names a feature on the map (a lake's, a street's name): chosen at import,
   * the mapping's if it sets one, else the first of the usual name fields the file fills
   * (county-data/src/import/overlayLabels.ts). The self-hosted styles label context overlays with it.
   */
  labelAttribute: z.optional(z.string()),
});

/**
 * How the popup shows one of an overlay's properties, from its mapping: `key` the source name, `label`
 * what the mapping calls it (else the source name), `unit` written after a value ("ft (NAVD 88)"),
 * `codes` what each coded value means (FEMA's "AE" → "1% annual chance flood, base flood elevation determined").
 */
const overlayAttributeFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.optional(z.string()),
  codes: z.optional(z.record(z.string(), z.string())),
});

/**
 * The values an overlay's features hold of the attribute it is coloured by, found at import: each with
 * what it means (its code's text, else itself), its colour and how many features hold it, by value.
 * `others`: the features of no listed value (none, or one of more values than the palette tells apart),
 * drawn in the style's colour.
 */
const overlayLegendSchema = z.object({
  attribute: z.string(),
  entries: z.array(z.object({ value: z.string(), label: z.string(), colour: colourSchema, features: z.number() })),
  others: z.number(),
});

/** Values GIS exports write for "no name" (Cambridge's water bodies: `<Null>`): no label, and left out of the tiles' label attribute. */
const NO_NAME = new Set(['', '<null>', 'null', 'none', 'n/a', 'unnamed']);

/** Whether a value of an overlay's labelAttribute is a name worth drawing. */
export function isOverlayLabel(value: unknown): value is string {
  return typeof value === 'string' && !NO_NAME.has(value.trim().toLowerCase());
}

/** One overlay as GET /api/overlays lists it: the current version of each. */
export const overlaySchema = z.object({
  name: z.string(),
  /** What the Overlays panel shows, e.g. "Flood zones (FEMA 100-year)". */
  label: z.string(),
  geometryType: z.enum(OVERLAY_GEOMETRY_TYPES),
  version: z.number(),
  features: z.number(),
  bbox: z.nullable(bboxSchema),
  /** The URL template of its vector tiles, relative to the API base and carrying its version. */
  tiles: z.string(),
  context: z.nullable(z.enum(OVERLAY_CONTEXT_KINDS)),
  style: overlayStyleSchema,
  /** Null: drawn in one colour (the style's). */
  legend: z.nullable(overlayLegendSchema),
  /** The shown properties the mapping describes, in its order; the popup shows the others after them under their own names. */
  fields: z.array(overlayAttributeFieldSchema),
  source: z.string(),
  licence: z.string(),
});

/** GET /api/overlays (any signed-in user). */
export const overlaysAnswerSchema = z.object({ overlays: z.array(overlaySchema) });

export type Overlay = z.infer<typeof overlaySchema>;
export type OverlayStyle = z.infer<typeof overlayStyleSchema>;
export type OverlayLegend = z.infer<typeof overlayLegendSchema>;
export type OverlayAttributeField = z.infer<typeof overlayAttributeFieldSchema>;
export type OverlaysAnswer = z.infer<typeof overlaysAnswerSchema>;
export type OverlayGeometryType = (typeof OVERLAY_GEOMETRY_TYPES)[number];
export type OverlayContextKind = (typeof OVERLAY_CONTEXT_KINDS)[number];
