// How big an import file may be once read: a zip's declared uncompressed sizes, checked
// before anything is inflated (a 1 MB zip declaring a 1 GiB .shp is refused at once, in little
// memory); the features in a file; the vertices of one feature. Each refusal names its limit and the
// variable that sets it. The defaults sit far beyond any county's file; the environment changes them
// for the import command and for the API's imports alike (its worker threads share the environment).
import type { Geometry } from 'geojson';
import { z } from 'zod';

export interface ImportFileLimits {
  /** The sum of a zip's declared uncompressed sizes. */
  maxUnzippedBytes: number;
  /** An entry's declared size over its compressed size; real Shapefiles and .dbf tables stay far below. */
  maxZipRatio: number;
  maxFeaturesPerFile: number;
  /** Positions of one feature, all its rings and parts together. */
  maxVerticesPerFeature: number;
}

const MB = 1024 * 1024;

export const DEFAULT_IMPORT_FILE_LIMITS: ImportFileLimits = {
  maxUnzippedBytes: 2048 * MB,
  maxZipRatio: 200,
  // Los Angeles County, the largest roll in the US, has ~2.4 million parcels.
  maxFeaturesPerFile: 5_000_000,
  // A surveyed rural parcel reaches a few thousand, a county's road surface as one overlay polygon 119,275
  // (Cambridge's edge of pavement); 2 million was an attack.
  maxVerticesPerFeature: 500_000,
};

/** The variables, by limit (docs/operations.md, Security). */
const IMPORT_LIMIT_VARIABLES = {
  maxUnzippedBytes: 'IMPORT_MAX_UNZIPPED_MB',
  maxZipRatio: 'IMPORT_MAX_ZIP_RATIO',
  maxFeaturesPerFile: 'IMPORT_MAX_FEATURES',
  maxVerticesPerFeature: 'IMPORT_MAX_VERTICES_PER_FEATURE',
} as const satisfies Record<keyof ImportFileLimits, string>;

const positiveInteger = z.coerce.number().int().positive();
const envSchema = z.object({
  [IMPORT_LIMIT_VARIABLES.maxUnzippedBytes]: positiveInteger.optional(),
  [IMPORT_LIMIT_VARIABLES.maxZipRatio]: positiveInteger.optional(),
  [IMPORT_LIMIT_VARIABLES.maxFeaturesPerFile]: positiveInteger.optional(),
  [IMPORT_LIMIT_VARIABLES.maxVerticesPerFeature]: positiveInteger.optional(),
});

/** The limits the environment sets, the defaults for the rest; an invalid value throws naming it. */
export function importFileLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): ImportFileLimits {
  const set = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== '' && Object.values(IMPORT_LIMIT_VARIABLES).includes(name as never)));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) throw new Error(`import limits: invalid environment\n${z.prettifyError(parsed.error)}`);
  const vars = parsed.data;
  const unzippedMb = vars[IMPORT_LIMIT_VARIABLES.maxUnzippedBytes];
  return {
    maxUnzippedBytes: unzippedMb === undefined ? DEFAULT_IMPORT_FILE_LIMITS.maxUnzippedBytes : unzippedMb * MB,
    maxZipRatio: vars[IMPORT_LIMIT_VARIABLES.maxZipRatio] ?? DEFAULT_IMPORT_FILE_LIMITS.maxZipRatio,
    maxFeaturesPerFile: vars[IMPORT_LIMIT_VARIABLES.maxFeaturesPerFile] ?? DEFAULT_IMPORT_FILE_LIMITS.maxFeaturesPerFile,
    maxVerticesPerFeature: vars[IMPORT_LIMIT_VARIABLES.maxVerticesPerFeature] ?? DEFAULT_IMPORT_FILE_LIMITS.maxVerticesPerFeature,
  };
}

const count = (value: number) => value.toLocaleString('en-US');
const mb = (bytes: number) => `${count(Math.ceil(bytes / MB))} MB`;

/** A zip entry declared larger, or more compressed, than the limits allow; undefined when none is. */
export function zipEntriesOverLimits(entries: readonly { name: string; declaredBytes: number; compressedBytes: number }[], limits: ImportFileLimits): string | undefined {
  const total = entries.reduce((sum, entry) => sum + entry.declaredBytes, 0);
  if (total > limits.maxUnzippedBytes) {
    return `the zip declares ${mb(total)} once unzipped, more than the ${mb(limits.maxUnzippedBytes)} allowed (${IMPORT_LIMIT_VARIABLES.maxUnzippedBytes})`;
  }
  // Small entries are left out: a few bytes of .prj say nothing about a ratio.
  const bomb = entries.find((entry) => entry.declaredBytes > MB && entry.declaredBytes > entry.compressedBytes * limits.maxZipRatio);
  if (bomb) {
    return `${bomb.name} declares ${mb(bomb.declaredBytes)} from ${count(bomb.compressedBytes)} compressed bytes, more than ${count(limits.maxZipRatio)} times its size (${IMPORT_LIMIT_VARIABLES.maxZipRatio})`;
  }
  return undefined;
}

/** `features`: how many, when the file was read to its end. */
export function tooManyFeaturesMessage(features: number | undefined, limits: ImportFileLimits): string {
  const allowed = `${count(limits.maxFeaturesPerFile)} allowed per file (${IMPORT_LIMIT_VARIABLES.maxFeaturesPerFile})`;
  return features === undefined ? `the file holds more features than the ${allowed}` : `the file holds ${count(features)} features, more than the ${allowed}`;
}

/** A feature's geometry of more positions than allowed — a polygon's, a line's or points' alike — as its rejection says it; undefined when it has no more. */
export function tooManyVertices(geometry: Geometry | null, limits: Pick<ImportFileLimits, 'maxVerticesPerFeature'>): string | undefined {
  const vertices = vertexCount(geometry);
  if (vertices <= limits.maxVerticesPerFeature) return undefined;
  return `${count(vertices)} vertices, more than the ${count(limits.maxVerticesPerFeature)} allowed per feature (${IMPORT_LIMIT_VARIABLES.maxVerticesPerFeature})`;
}

/** Positions in a geometry, all rings and parts; what is not an array of positions counts as none. */
function vertexCount(geometry: Geometry | null): number {
  if (geometry === null || !('coordinates' in geometry)) return 0;
  const countIn = (value: unknown): number => {
    if (!Array.isArray(value)) return 0;
    if (typeof value[0] === 'number') return 1;
    let total = 0;
    for (const item of value) total += countIn(item);
    return total;
  };
  return countIn(geometry.coordinates);
}
