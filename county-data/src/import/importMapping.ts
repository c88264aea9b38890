// The mapping file of `npm run import`: which source property (or constant) fills each parcel field,
// with simple transforms, an optional CSV join, the source CRS and the data set's metadata.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { NON_PARCEL_KINDS, PARCEL_ATTRIBUTE_FORMATS } from '@parcel-map/shared/contracts';
import { sourceCrsSchema } from './sourceCrs.ts';

const DATE_FORMATS = ['M/D/YYYY', 'D/M/YYYY', 'YYYY-MM-DD', 'YYYYMMDD', 'epoch-ms'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** A field: a source property name (shorthand), or an object naming a property or a constant. */
const fieldSpecSchema = z.union([
  z.string().min(1),
  z
    .object({
      /** Property name; the feature's properties are looked up first, then the joined CSV row. */
      from: z.string().min(1).optional(),
      const: z.union([z.string(), z.number()]).optional(),
      /** Numeric fields: value ÷ divide × multiply (square feet → acres: divide 43560). */
      divide: z.number().positive().optional(),
      multiply: z.number().positive().optional(),
      /** Date fields: the source format. */
      date: z.enum(DATE_FORMATS).optional(),
    })
    .strict()
    .refine((spec) => (spec.from === undefined) !== (spec.const === undefined), {
      message: 'give exactly one of "from" and "const"',
    }),
]);
export type FieldSpec = z.infer<typeof fieldSpecSchema>;

const fieldsSchema = z
  .object({
    PIN: fieldSpecSchema,
    owner: fieldSpecSchema.optional(),
    ADD1: fieldSpecSchema.optional(),
    ADD2: fieldSpecSchema.optional(),
    CITY: fieldSpecSchema.optional(),
    STATE: fieldSpecSchema.optional(),
    ZIP: fieldSpecSchema.optional(),
    TaxAcres: fieldSpecSchema.optional(),
    township: fieldSpecSchema.optional(),
    zoning: fieldSpecSchema.optional(),
    saleDate: fieldSpecSchema.optional(),
    salePrice: fieldSpecSchema.optional(),
    /** The owner's mailing address (street, city, state, ZIP), where the file has one. */
    mailAdd1: fieldSpecSchema.optional(),
    mailCity: fieldSpecSchema.optional(),
    mailState: fieldSpecSchema.optional(),
    mailZip: fieldSpecSchema.optional(),
  })
  .strict();
export type TargetField = keyof z.infer<typeof fieldsSchema>;

/** An attribute shown under 'More details': a source name (shown under that name), or one with its label and format. */
const attributeSpecSchema = z.union([
  z.string().min(1),
  z
    .object({
      from: z.string().min(1),
      label: z.string().min(1).optional(),
      /** 'currency': a number shown in USD without decimals, as the sale price is. */
      format: z.enum(PARCEL_ATTRIBUTE_FORMATS).optional(),
    })
    .strict(),
]);

/**
 * The source's other attributes (what `fields` does not map), kept with each parcel. `show` lists
 * those shown first, in its order; every other one follows in source order under its source name,
 * except the `hidden` ones, which are kept but not shown.
 */
const attributesSchema = z
  .object({
    show: z.array(attributeSpecSchema).default([]),
    hidden: z.array(z.string().min(1)).default([]),
  })
  .strict();

/** A rule telling a feature that is not someone's parcel: its whole PIN matches `pin` (a regular expression, without case), or its `field` holds one of `values`. */
const nonParcelRuleSchema = z
  .object({
    kind: z.enum(NON_PARCEL_KINDS),
    pin: z.string().min(1).optional(),
    /** A source property (feature first, then the joined row), such as a land-use code. */
    field: z.string().min(1).optional(),
    values: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict()
  .refine((rule) => (rule.pin === undefined) !== (rule.field === undefined) && (rule.field === undefined) === (rule.values === undefined), {
    message: 'give either "pin", or "field" with "values"',
  })
  .refine((rule) => rule.pin === undefined || isRegExp(rule.pin), { message: '"pin" is not a regular expression' });

function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const JOIN_PICK_RULES = ['first', 'latest'] as const;

const joinSchema = z
  .object({
    /** CSV file; a relative path is resolved against the input file's folder. */
    file: z.string().min(1),
    /** Property of the feature and column of the CSV holding the same key. */
    featureKey: z.string().min(1),
    csvKey: z.string().min(1),
    /**
     * Several rows for one key: 'first' takes the first in file order; 'latest' the row whose
     * `latestBy` date is newest (rows without a readable date lose; ties keep file order).
     */
    pick: z.enum(JOIN_PICK_RULES).default('first'),
    latestBy: z.string().min(1).optional(),
    latestByFormat: z.enum(DATE_FORMATS).default('M/D/YYYY'),
  })
  .strict()
  .refine((join) => join.pick !== 'latest' || join.latestBy !== undefined, {
    message: 'pick "latest" needs "latestBy" (a date column)',
  });

const importMappingSchema = z
  .object({
    dataset: z
      .object({
        /** The data set's name (a slug such as `iredell-nc`) when the import does not give one. */
        name: z.string().min(1).optional(),
        sourceName: z.string().min(1),
        licence: z.string().min(1),
        /** The date the source data describes (YYYY-MM-DD). */
        asOf: z.iso.date().optional(),
      })
      .strict(),
    /** Source CRS (EPSG code known to the importer, proj string or WKT); overrides the .prj. */
    crs: sourceCrsSchema.optional(),
    fields: fieldsSchema,
    join: joinSchema.optional(),
    attributes: attributesSchema.optional(),
    /**
     * More values that mean "unknown" in this file, beyond those every import finds
     * (placeholderValues.ts): by source field name, or under "*" for every field; compared trimmed,
     * without case. They are counted in the report and stored as missing.
     */
    nullValues: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
    /** Features that are not someone's parcel (nonParcelRules.ts): the first rule matching decides. */
    nonParcels: z.array(nonParcelRuleSchema).optional(),
    /**
     * The spatial rule (outsizedPolygons.ts): a polygon enclosing at least `minCovered` other parcels
     * is reported as probably not a parcel, and stored as `kind` when the mapping gives one.
     */
    outsized: z.object({ minCovered: z.number().int().min(2).optional(), kind: z.enum(NON_PARCEL_KINDS).optional() }).strict().optional(),
  })
  .strict();

export type ImportMapping = z.infer<typeof importMappingSchema>;
export type ImportMappingInput = z.input<typeof importMappingSchema>;

export function parseImportMapping(value: unknown, origin = 'mapping'): ImportMapping {
  const parsed = importMappingSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${origin}: invalid mapping\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export async function readImportMapping(file: string): Promise<ImportMapping> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the mapping (${(error as Error).message})`, { cause: error });
  }
  return parseImportMapping(json, file);
}

/** The mappings that come with the product, for counties whose files are known (county-data/mappings/; their overlays' in overlays/). */
export const BUNDLED_MAPPINGS_DIR = path.resolve(import.meta.dirname, '../../mappings');

/** The names of the mappings in a folder of bundled ones (file names without .json). */
export async function jsonFileNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)).sort();
}

/** The bundled mappings' names. */
export const bundledMappingNames = (): Promise<string[]> => jsonFileNames(BUNDLED_MAPPINGS_DIR);

/** A bundled mapping by name; undefined when there is none by that name. */
export async function readBundledMapping(name: string): Promise<ImportMapping | undefined> {
  if (!(await bundledMappingNames()).includes(name)) return undefined;
  return readImportMapping(path.join(BUNDLED_MAPPINGS_DIR, `${name}.json`));
}

/** Without --mapping: the fields take the parcel schema's own names, case-insensitively. */
export function defaultMapping(sourceName: string): ImportMapping {
  return parseImportMapping({
    dataset: { sourceName, licence: 'unknown' },
    fields: {
      PIN: 'PIN', owner: 'owner', ADD1: 'ADD1', ADD2: 'ADD2', CITY: 'CITY', STATE: 'STATE', ZIP: 'ZIP',
      TaxAcres: 'TaxAcres', township: 'township', zoning: 'zoning',
      saleDate: { from: 'sale_date', date: 'YYYY-MM-DD' }, salePrice: 'sales_price',
      mailAdd1: 'mail_add1', mailCity: 'mail_city', mailState: 'mail_state', mailZip: 'mail_zip',
    },
  });
}

/** A date string in `format` as YYYY-MM-DD, or undefined when it is not a real calendar date. */
export function parseDate(value: unknown, format: DateFormat): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let year: number;
  let month: number;
  let day: number;
  if (format === 'epoch-ms') {
    const ms = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(ms)) return undefined;
    const date = new Date(ms);
    [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else {
    const text = String(value).trim();
    const match =
      format === 'YYYY-MM-DD' ? /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text)
      : format === 'YYYYMMDD' ? /^(\d{4})(\d{2})(\d{2})$/.exec(text)
      : /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(text);
    if (!match) return undefined;
    const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (format === 'M/D/YYYY') [year, month, day] = [c, a, b];
    else if (format === 'D/M/YYYY') [year, month, day] = [c, b, a];
    else [year, month, day] = [a, b, c];
  }
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A number from a number or a numeric string (thousands separators and a leading $ allowed). */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}
