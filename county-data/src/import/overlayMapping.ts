// The mapping file of an overlay import (`npm run import -- FILE --overlay NAME --mapping M.json`):
// its label and metadata, whether it is base-map context, how it is drawn, and which of its
// properties the map shows. Every property is kept in the database either way.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { OVERLAY_CONTEXT_KINDS, overlayStyleSchema, type OverlayGeometryType, type OverlayStyle } from '@parcel-map/shared/contracts';
import { BUNDLED_MAPPINGS_DIR, jsonFileNames } from './importMapping.ts';
import { sourceCrsSchema } from './sourceCrs.ts';

/** A property the map shows: its source name, or that with what the popup calls it, its unit and what its codes mean. */
const shownAttributeSchema = z.union([
  z.string().min(1),
  z
    .object({
      from: z.string().min(1),
      label: z.string().min(1).optional(),
      /** Written after each value, e.g. "ft (NAVD 88)". */
      unit: z.string().min(1).optional(),
      /** What each value means, e.g. a FEMA flood zone "AE" → "1% annual chance flood, base flood elevation determined". */
      codes: z.record(z.string(), z.string().min(1)).optional(),
      /** Values that mean "none" in this property (FEMA's -9999): stored as missing. */
      nullValues: z.array(z.union([z.string(), z.number()])).min(1).optional(),
    })
    .strict(),
]);
export type ShownAttribute = z.infer<typeof shownAttributeSchema>;

const overlayMappingSchema = z
  .object({
    overlay: z
      .object({
        /** What the Overlays panel shows, e.g. "Flood zones (FEMA 100-year)"; --label overrides it. */
        label: z.string().min(1).optional(),
        sourceName: z.string().min(1),
        licence: z.string().min(1),
        /** The date the source data describes (YYYY-MM-DD). */
        asOf: z.iso.date().optional(),
      })
      .strict(),
    /** Source CRS (EPSG code known to the importer, proj string or WKT); overrides the file's. */
    crs: sourceCrsSchema.optional(),
    /** Drawn by the offline styles under the parcels as this kind of background, instead of a toggle. */
    context: z.enum(OVERLAY_CONTEXT_KINDS).optional(),
    /**
     * One colour, or a colour per value of one property; by default one colour per geometry type. The
     * values `byAttribute.colours` leaves out take the legend's palette (overlayLegend.ts).
     */
    style: z.optional(overlayStyleSchema),
    /** The properties the map shows (and its tiles carry), in order; by default every one. */
    attributes: z.object({ show: z.array(shownAttributeSchema).min(1) }).strict().optional(),
  })
  .strict();

export type OverlayMapping = z.infer<typeof overlayMappingSchema>;

/** The colour of an overlay whose mapping sets none: one per geometry type, apart from the parcels' and the base map's. */
const DEFAULT_OVERLAY_COLOURS: Record<OverlayGeometryType, string> = {
  polygon: '#7b3294',
  line: '#e66101',
  point: '#d7191c',
};

export function overlayStyleOf(mapping: OverlayMapping, geometryType: OverlayGeometryType): OverlayStyle {
  return mapping.style ?? { colour: DEFAULT_OVERLAY_COLOURS[geometryType] };
}

export function parseOverlayMapping(value: unknown, origin = 'mapping'): OverlayMapping {
  const parsed = overlayMappingSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${origin}: invalid overlay mapping\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export async function readOverlayMapping(file: string): Promise<OverlayMapping> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the mapping (${(error as Error).message})`, { cause: error });
  }
  return parseOverlayMapping(json, file);
}

/** The overlay mappings that come with the product, for layers whose files are known (county-data/mappings/overlays/). */
const BUNDLED_OVERLAY_MAPPINGS_DIR = path.join(BUNDLED_MAPPINGS_DIR, 'overlays');

/** The bundled overlay mappings' names. */
export const bundledOverlayMappingNames = (): Promise<string[]> => jsonFileNames(BUNDLED_OVERLAY_MAPPINGS_DIR);

/** A bundled overlay mapping by name; undefined when there is none by that name. */
export async function readBundledOverlayMapping(name: string): Promise<OverlayMapping | undefined> {
  if (!(await bundledOverlayMappingNames()).includes(name)) return undefined;
  return readOverlayMapping(path.join(BUNDLED_OVERLAY_MAPPINGS_DIR, `${name}.json`));
}

/** Without --mapping: the file's name as its source, its licence unknown. */
export function defaultOverlayMapping(sourceName: string): OverlayMapping {
  return parseOverlayMapping({ overlay: { sourceName, licence: 'unknown' } });
}
