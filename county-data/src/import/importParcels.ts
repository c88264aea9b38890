// The importer: source features → mapped, validated parcel rows → one transaction that publishes them
// as their data set's next version (publish/datasetVersions.ts), with a report of every rejected row.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '@parcel-map/database';
import { cutText, PARCEL_TEXT_MAX_LENGTH, pinSchema, REJECTION_REASONS, type ImportReport, type ParcelAttributeField, type RejectedRow, type RejectionReason } from '@parcel-map/shared/contracts';
import { checkDatasetName, datasetNameFrom, DatasetError, pinsServedElsewhere, publishDatasetVersion, type DatasetMeta, type VersionOrigin } from '../publish/datasetVersions.ts';
import { areaAcres, deriveGeometry, round } from '../geometry/parcelGeometry.ts';
import { createParcelWriter, setNonParcelKinds, type ParcelInsert } from '../publish/parcelWriter.ts';
import { indexCsv, parseCsv, type CsvRow, type JoinIndex } from './csvTable.ts';
import { parseDate, parseNumber, type DateFormat, type FieldSpec, type ImportMapping, type TargetField } from './importMapping.ts';
import { createAttributeCollector } from './parcelAttributes.ts';
import { createPlaceholderFinder, type PlaceholderCount } from './placeholderValues.ts';
import { createNonParcelClassifier } from './nonParcelRules.ts';
import { createOutsizedPolygonFinder } from './outsizedPolygons.ts';
import { checkOutlines, type OutlineCheck } from './parcelOutlines.ts';
import { PinIndex } from './PinIndex.ts';
import type { ParcelSource, SourceFeature } from './parcelSource.ts';
import { readParcelSource } from './readParcelSource.ts';
import type { ImportFileLimits } from './importFileLimits.ts';
import { createReprojector } from './reproject.ts';

// One JSON parameter per batch, as the demo seed does: few round trips, which PGlite needs.
const BATCH_SIZE = 5000;
const MAX_WARNING_EXAMPLES = 5;
/** An import rejecting more than this share of its features publishes nothing (`--max-rejected`). */
export const DEFAULT_MAX_REJECTED_SHARE = 0.05;

export interface ImportProgress {
  phase: 'preparing' | 'writing';
  done: number;
  total: number;
}

export interface ImportOptions {
  /** The input file: GeoJSON, a zipped Shapefile, or a format GDAL reads (readParcelSource.ts). */
  file: string;
  mapping: ImportMapping;
  /** The data set's name (a slug); by default the mapping's, else one made from the file name. */
  dataset?: string;
  /** Map and validate only; the database is not touched. */
  dryRun?: boolean;
  /** The share of features (0–1) that may be rejected before the import publishes nothing; default 5 %. */
  maxRejectedShare?: number;
  /** How big the file may be once read: the environment's (importFileLimitsFromEnv) for the import command and the API alike. */
  limits: ImportFileLimits;
  onProgress?: (progress: ImportProgress) => void;
  /** Called inside the import's transaction after each batch (tests observe readers meanwhile). */
  afterBatch?: (written: number) => Promise<void>;
}

/**
 * Reads, checks and — unless it is a dry run — publishes the file in one pass, batch by batch, so
 * memory stays flat whatever its size: the version is written inside its transaction as the features
 * are read, and rolled back if the file turns out to be refused at its end.
 */
export async function importParcels(db: Db | null, options: ImportOptions): Promise<ImportReport> {
  if (options.dryRun) return (await streamFile(db, options, async () => undefined)).report;
  if (!db) throw new Error('a database is needed unless dryRun is set');
  const name = datasetNameOf(options);
  let streamed: StreamedFile | undefined;
  const writeStarted = performance.now();
  try {
    const { size } = await stat(options.file);
    const { sourceName, licence, asOf = null } = options.mapping.dataset;
    // Read as it is written, the file's format is known once it is: the row takes it from the report.
    const meta: DatasetMeta = { name, sourceName, licence, asOf, origin: { fileName: path.basename(options.file), fileFormat: '', fileBytes: size, publishedBy: null } };
    const published = await publishDatasetVersion(db, meta, async (tx, datasetId) => {
      const writer = createBatchWriter(tx, datasetId, options);
      streamed = await streamFile(tx, options, writer.write);
      await tx.query('UPDATE datasets SET file_format = $2 WHERE id = $1', [datasetId, streamed.report.format]);
      await writer.finish();
      // The spatial rule knows its polygons only once every parcel is read, after their rows were written.
      await setNonParcelKinds(tx, datasetId, streamed.report.outsized);
      if (streamed.report.refusal !== null) throw new RefusedImport();
      return { rejected: streamed.report.rejected, attributeFields: streamed.attributeFields };
    });
    await db.query('ANALYZE parcels');
    const { report } = streamed!;
    const totalMs = Date.now() - streamed!.startedAt;
    return {
      ...report,
      dataset: { ...report.dataset, id: published.id, version: published.version },
      // What the version changed against the one it replaced, as its change log records it.
      changes: published.changes,
      timings: { ...report.timings, writeMs: Math.round(performance.now() - writeStarted - report.timings.readMs - report.timings.prepareMs), totalMs: Math.round(totalMs) },
      parcelsPerSecond: Math.round(report.imported / (totalMs / 1000)),
    };
  } catch (error) {
    if (error instanceof RefusedImport) return streamed!.report;
    throw error;
  }
}

/** Thrown inside the publishing transaction to roll it back: the file is refused (its report says why). */
class RefusedImport extends Error {}

/** A file read, mapped and checked against the served data sets: its report, and the rows to publish. */
export interface ValidatedImport {
  report: ImportReport;
  rows: ParcelInsert[];
  /** The attributes the data set shows, in order. */
  attributeFields: ParcelAttributeField[];
  /** Date.now() when the import started (a worker's performance.now() has another origin). */
  startedAt: number;
}

/** A file read and mapped, before the check against the served data sets: what a worker thread hands back. */
export interface PreparedFile {
  name: string;
  file: string;
  format: ImportReport['format'];
  crs: string | undefined;
  features: number;
  prepared: Prepared;
  join: ImportReport['join'];
  startedAt: number;
  readMs: number;
  prepareMs: number;
}

/**
 * Reads, maps and validates the file without changing anything. With a database, PINs another data
 * set serves are rejected too ('PIN in another data set'); the refusal rules then apply to the total.
 */
export async function validateImport(db: Queryable | null, options: ImportOptions): Promise<ValidatedImport> {
  return checkPreparedFile(db, await prepareImportFile(options), options);
}

/** The part of validateImport that needs no database (and may run in a worker thread): every row kept, for the report and the publish after it. */
export async function prepareImportFile(options: Omit<ImportOptions, 'afterBatch'>): Promise<PreparedFile> {
  return prepareFile(options, async (rows, prepared) => {
    for (const row of rows) prepared.rows.push(row);
  });
}

/**
 * Reads the file and maps and validates its features batch by batch, handing each batch's rows to
 * `onBatch` as they are ready: only the report's counts, the rejections and the PINs seen are kept.
 */
async function prepareFile(options: Omit<ImportOptions, 'afterBatch'>, onBatch: (rows: ParcelInsert[], prepared: Prepared) => Promise<void>): Promise<PreparedFile> {
  const startedAt = Date.now();
  const started = performance.now();
  const { mapping } = options;
  const name = datasetNameOf(options);
  const { limits } = options;
  const source = await readParcelSource(options.file, mapping.crs, limits);
  const joinTable = mapping.join ? await loadJoin(options.file, mapping.join) : undefined;
  const crs = mapping.crs ?? source.crs;
  const reproject = createReprojector(source.inLonLat ? undefined : crs);
  const preparer = createParcelPreparer(mapping, joinTable?.index);
  const { prepared } = preparer;
  let features = 0;
  let readMs = performance.now() - started;
  let prepareMs = 0;
  const batches = batchesOf(source.features, BATCH_SIZE)[Symbol.asyncIterator]();
  for (;;) {
    const reading = performance.now();
    const next = await batches.next();
    readMs += performance.now() - reading;
    if (next.done) break;
    const batch = next.value;
    const preparing = performance.now();
    const rows = preparer.prepareBatch(batch, features + 1, await checkOutlines(batch.map((feature) => feature.geometry), reproject, limits));
    prepareMs += performance.now() - preparing;
    features += batch.length;
    options.onProgress?.({ phase: 'preparing', done: features, total: estimatedTotal(features, source) });
    await onBatch(rows, prepared);
  }
  prepared.attributeFields = preparer.attributeFields();
  prepared.placeholders = preparer.placeholders();
  preparer.applyOutsized();
  return {
    name,
    file: path.resolve(options.file),
    format: source.format,
    crs,
    features,
    prepared,
    join:
      joinTable && mapping.join
        ? {
            file: joinTable.file,
            rows: joinTable.index.rows,
            keysWithSeveralRows: joinTable.index.keysWithSeveralRows,
            pick: mapping.join.pick === 'latest' ? `latest ${mapping.join.latestBy}` : 'first',
            matched: prepared.joinMatched,
            unmatched: prepared.joinUnmatched,
          }
        : null,
    startedAt,
    readMs,
    prepareMs,
  };
}

/**
 * One pass over the file: each batch's rows, less the PINs another data set serves (with a database),
 * go to `write`; then the report. Nothing but the report's material stays in memory.
 */
async function streamFile(db: Queryable | null, options: ImportOptions, write: (rows: ParcelInsert[]) => Promise<void>): Promise<StreamedFile> {
  const name = datasetNameOf(options);
  const file = await prepareFile(options, async (rows, prepared) => {
    await write(db ? await rejectPinsServedElsewhere(db, name, rows, prepared) : rows);
  });
  const { report } = await checkPreparedFile(null, file, options);
  return { report, attributeFields: file.prepared.attributeFields, startedAt: file.startedAt };
}

interface StreamedFile {
  report: ImportReport;
  attributeFields: ParcelAttributeField[];
  startedAt: number;
}

function datasetNameOf(options: Pick<ImportOptions, 'dataset' | 'mapping' | 'file'>): string {
  return checkDatasetName(options.dataset ?? options.mapping.dataset.name ?? datasetNameFrom(path.basename(options.file)));
}

/** How many features the file holds, judged from how far through it the reader is (a progress bar's total). */
function estimatedTotal(read: number, source: ParcelSource): number {
  const fraction = source.fractionRead?.() ?? 0;
  return fraction > 0 ? Math.max(read, Math.round(read / fraction)) : read;
}

async function* batchesOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Rejects the PINs other data sets serve (with a database), applies the refusal rules, writes the report. */
export async function checkPreparedFile(db: Queryable | null, file: PreparedFile, options: Pick<ImportOptions, 'mapping' | 'dryRun' | 'maxRejectedShare'>): Promise<ValidatedImport> {
  const { prepared, crs } = file;
  const { mapping } = options;
  const checkStarted = performance.now();
  if (db) prepared.rows = await rejectPinsServedElsewhere(db, file.name, prepared.rows, prepared);
  const prepareMs = file.prepareMs + performance.now() - checkStarted;
  const refusal = refusalOf(file.features, prepared, options.maxRejectedShare ?? DEFAULT_MAX_REJECTED_SHARE);
  const rejectedByReason = Object.fromEntries(REJECTION_REASONS.map((reason) => [reason, 0])) as Record<RejectionReason, number>;
  for (const rejection of prepared.rejections) rejectedByReason[rejection.reason] += 1;
  const totalMs = Date.now() - file.startedAt;
  const report: ImportReport = {
    file: file.file,
    format: file.format,
    crs: crs === undefined ? 'WGS84 lon/lat' : crs.length > 100 ? `${crs.slice(0, 100)}…` : crs,
    dryRun: options.dryRun ?? false,
    refusal,
    dataset: { name: file.name, id: null, version: null, sourceName: mapping.dataset.sourceName, licence: mapping.dataset.licence, asOf: mapping.dataset.asOf ?? null },
    features: file.features,
    imported: prepared.imported,
    repaired: prepared.repairedPins.size,
    rejected: prepared.rejections.length,
    rejectedByReason,
    rejections: prepared.rejections,
    join: file.join,
    taxAcres: { fromMapping: prepared.taxAcresFromMapping, computedFromGeometry: prepared.imported - prepared.taxAcresFromMapping },
    warnings: [...prepared.warnings.entries()].map(([field, { count, examples }]) => ({ field, count, examples })),
    placeholders: prepared.placeholders,
    nonParcels: prepared.nonParcels,
    outsized: prepared.outsized,
    timings: { readMs: Math.round(file.readMs), prepareMs: Math.round(prepareMs), writeMs: 0, totalMs: Math.round(totalMs) },
    parcelsPerSecond: Math.round(prepared.imported / (totalMs / 1000)),
  };
  return { report, rows: prepared.rows, attributeFields: prepared.attributeFields, startedAt: file.startedAt };
}

/** Publishes a validated import as its data set's next version; the report then names it. */
export async function publishImport(
  db: Db,
  validated: ValidatedImport,
  options: Pick<ImportOptions, 'onProgress' | 'afterBatch'> & {
    /** The file's size and who publishes it, recorded with the version (its name and format are the report's). */
    origin?: Pick<VersionOrigin, 'fileBytes' | 'publishedBy'>;
  } = {},
): Promise<ImportReport> {
  const { report, rows, attributeFields } = validated;
  if (report.refusal !== null) throw new DatasetError(`Not published: ${report.refusal}`);
  const writeStarted = performance.now();
  const { fileBytes = null, publishedBy = null } = options.origin ?? {};
  const meta: DatasetMeta = {
    name: report.dataset.name,
    sourceName: report.dataset.sourceName,
    licence: report.dataset.licence,
    asOf: report.dataset.asOf,
    origin: { fileName: path.basename(report.file), fileFormat: report.format, fileBytes, publishedBy },
  };
  const published = await publishDatasetVersion(db, meta, async (tx, datasetId) => {
    const writer = createBatchWriter(tx, datasetId, { ...options, onWritten: (written) => options.onProgress?.({ phase: 'writing', done: written, total: rows.length }) });
    options.onProgress?.({ phase: 'writing', done: 0, total: rows.length });
    for (let start = 0; start < rows.length; start += BATCH_SIZE) await writer.write(rows.slice(start, start + BATCH_SIZE));
    await writer.finish();
    return { rejected: report.rejected, attributeFields };
  });
  // Fresh planner statistics for the bbox and search indexes (outside the transaction).
  await db.query('ANALYZE parcels');
  const writeMs = performance.now() - writeStarted;
  const totalMs = Date.now() - validated.startedAt;
  return {
    ...report,
    dataset: { ...report.dataset, id: published.id, version: published.version },
    changes: published.changes,
    timings: { ...report.timings, writeMs: Math.round(writeMs), totalMs: Math.round(totalMs) },
    parcelsPerSecond: Math.round(rows.length / (totalMs / 1000)),
  };
}

/**
 * Nothing is published from a file that yields no parcel (an empty file, a PIN column under another
 * name, projected coordinates without their CRS) or rejects more than `maxShare` of its features:
 * replacing a county with a fraction of it would lose the rest.
 */
function refusalOf(features: number, prepared: Prepared, maxShare: number): string | null {
  if (prepared.imported === 0) return features === 0 ? 'the file holds no features' : `none of its ${features.toLocaleString('en-US')} features is a valid parcel`;
  return tooManyRejected(prepared.rejections.length, features, maxShare);
}

/** The refusal of an import rejecting more than `maxShare` of its features (parcels and overlays alike), or null. */
export function tooManyRejected(rejected: number, features: number, maxShare: number): string | null {
  const share = rejected / features;
  if (share <= maxShare) return null;
  const percent = (value: number) => `${Number((value * 100).toFixed(1))} %`;
  return `${rejected.toLocaleString('en-US')} of ${features.toLocaleString('en-US')} features rejected (${percent(share)}), more than the ${percent(maxShare)} allowed (--max-rejected)`;
}

async function loadJoin(inputFile: string, join: NonNullable<ImportMapping['join']>): Promise<{ file: string; index: JoinIndex }> {
  const file = path.resolve(path.dirname(inputFile), join.file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`join table ${file}: ${(error as Error).message}`, { cause: error });
  }
  const rows = parseCsv(text);
  if (rows.length > 0 && !(join.csvKey in rows[0]!)) throw new Error(`join table ${file} has no column "${join.csvKey}"`);
  return { file, index: indexCsv(rows, join) };
}

interface Prepared {
  /** The rows kept (validation for a later publish); empty when they were handed on batch by batch. */
  rows: ParcelInsert[];
  /** How many rows the file yields. */
  imported: number;
  rejections: RejectedRow[];
  /** The PINs of the rows whose outline was repaired. */
  repairedPins: Set<string>;
  warnings: Map<TargetField, { count: number; examples: string[] }>;
  joinMatched: number;
  joinUnmatched: number;
  taxAcresFromMapping: number;
  /** The feature each imported PIN came from (1-based); compact, as it holds every PIN of the file. */
  featureOfPin: PinIndex;
  /** The attributes the data set shows, in order. */
  attributeFields: ParcelAttributeField[];
  /** The values stored as missing because they mean "unknown", per source field. */
  placeholders: PlaceholderCount[];
  /** The imported features that the mapping calls something other than a parcel. */
  nonParcels: ImportReport['nonParcels'];
  /** The polygons enclosing many other parcels (outsizedPolygons.ts), and what they are stored as. */
  outsized: ImportReport['outsized'];
}

/**
 * Maps and validates features batch by batch (`outlines`: each one's checked outline); nothing is
 * dropped without a rejection entry. What the report needs accumulates in `prepared`.
 */
function createParcelPreparer(mapping: ImportMapping, join: JoinIndex | undefined) {
  const prepared: Prepared = { rows: [], imported: 0, rejections: [], repairedPins: new Set(), warnings: new Map(), joinMatched: 0, joinUnmatched: 0, taxAcresFromMapping: 0, featureOfPin: new PinIndex(), attributeFields: [], placeholders: [], nonParcels: [], outsized: [] };
  const placeholders = createPlaceholderFinder(mapping);
  const nonParcelKind = createNonParcelClassifier(mapping);
  const outsized = createOutsizedPolygonFinder(mapping.outsized?.minCovered);
  const attributes = createAttributeCollector(mapping, placeholders);
  /** The name a field's placeholders are counted under: its source property (a constant's, its own). */
  const sourceName = (field: TargetField) => sourceOf(mapping.fields[field]) ?? field;
  const warn = (field: TargetField, value: unknown) => {
    const entry = prepared.warnings.get(field) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < MAX_WARNING_EXAMPLES) entry.examples.push(String(value));
    prepared.warnings.set(field, entry);
  };

  function prepareFeature(feature: SourceFeature, number: number, check: OutlineCheck): ParcelInsert | null {
    let joined: CsvRow | undefined;
    if (join && mapping.join) {
      const key = lookup(feature.properties, undefined, mapping.join.featureKey);
      joined = key === undefined || key === null ? undefined : join.get(String(key));
      if (joined) prepared.joinMatched += 1;
      else prepared.joinUnmatched += 1;
    }
    /** The field's value; undefined where the file has none or a placeholder (a PIN's is a rejection of its own). */
    const resolve = (field: TargetField): unknown => {
      const spec = mapping.fields[field];
      if (spec === undefined) return undefined;
      if (typeof spec !== 'string' && spec.const !== undefined) return spec.const;
      const value = lookup(feature.properties, joined, sourceName(field));
      return field !== 'PIN' && placeholders.text(sourceName(field), value) ? undefined : value;
    };
    const text = (field: TargetField): string | null => {
      const value = resolve(field);
      if (value === undefined || value === null) return null;
      const trimmed = String(value).trim();
      return trimmed === '' ? null : cutText(trimmed, PARCEL_TEXT_MAX_LENGTH);
    };
    const number_ = (field: TargetField): number | null => {
      const value = resolve(field);
      if (value === undefined || value === null || value === '') return null;
      const parsed = parseNumber(value);
      if (parsed === undefined) {
        warn(field, value);
        return null;
      }
      const spec = mapping.fields[field];
      return typeof spec === 'object' ? (parsed / (spec.divide ?? 1)) * (spec.multiply ?? 1) : parsed;
    };

    const pin = text('PIN');
    if (pin === null) {
      prepared.rejections.push({ feature: number, pin: null, reason: 'no PIN', detail: 'the PIN field is empty or missing' });
      return null;
    }
    // Placeholders such as "---" (a blank map-lot) identify nothing.
    if (!/[\p{L}\p{N}]/u.test(pin)) {
      prepared.rejections.push({ feature: number, pin, reason: 'no PIN', detail: `placeholder PIN "${pin}" has no letter or digit` });
      return null;
    }
    const pinCheck = pinSchema.safeParse(pin);
    if (!pinCheck.success) {
      prepared.rejections.push({ feature: number, pin, reason: 'invalid PIN', detail: pinCheck.error.issues.map((issue) => issue.message).join('; ') });
      return null;
    }
    if (!check.ok) {
      prepared.rejections.push({ feature: number, pin, reason: 'bad geometry', detail: check.detail });
      return null;
    }
    const kind = nonParcelKind(pin, (name) => lookup(feature.properties, joined, name));
    const firstFeature = prepared.featureOfPin.add(pin, number);
    // Several features under one non-parcel PIN (Cambridge's six "ROAD" rows) are all kept; a parcel's duplicate is not.
    const storedPin = firstFeature === undefined ? pin : kind === null ? undefined : nextFreePin(pin, number);
    if (storedPin === undefined) {
      prepared.rejections.push({ feature: number, pin, reason: 'duplicate PIN', detail: `PIN already imported from feature ${firstFeature}` });
      return null;
    }
    if (check.repaired) prepared.repairedPins.add(storedPin);
    if (kind !== null) prepared.nonParcels.push({ feature: number, pin, kind, ...(storedPin === pin ? {} : { storedPin }) });

    const mappedAcres = number_('TaxAcres');
    // Zero or negative land areas are placeholders in assessor tables: the outline gives a better figure.
    const taxacres = mappedAcres !== null && mappedAcres > 0 ? round(mappedAcres, 3) : areaAcres(check.geometry);
    if (mappedAcres !== null && mappedAcres > 0) prepared.taxAcresFromMapping += 1;
    const saleDateValue = resolve('saleDate');
    const readSaleDate = readDate(saleDateValue, mapping.fields.saleDate);
    if (readSaleDate === undefined) warn('saleDate', saleDateValue);
    const saleDate = readSaleDate && placeholders.date(sourceName('saleDate'), readSaleDate, saleDateValue) ? null : (readSaleDate ?? null);
    const price = number_('salePrice');
    const salePrice = price !== null && placeholders.salePrice(sourceName('salePrice'), price, saleDate, resolve('salePrice')) ? null : price;

    prepared.imported += 1;
    const derived = deriveGeometry(check.geometry);
    outsized.add(number, storedPin, check.geometry, [derived.centroid_lon, derived.centroid_lat], [derived.min_lon, derived.min_lat, derived.max_lon, derived.max_lat]);
    return {
      pin: storedPin,
      owner: text('owner'),
      name: null,
      add1: text('ADD1'),
      add2: text('ADD2'),
      city: text('CITY'),
      state: text('STATE'),
      zip: text('ZIP'),
      taxacres,
      township: text('township'),
      zoning: text('zoning'),
      sale_date: saleDate,
      sales_price: salePrice === null ? null : Math.round(salePrice),
      mail_add1: text('mailAdd1'),
      mail_city: text('mailCity'),
      mail_state: text('mailState'),
      mail_zip: text('mailZip'),
      attributes: attributes.collect(feature.properties, joined),
      geometry: check.geometry,
      ...derived,
      ...(kind === null ? {} : { kind }),
    };
  }

  /** The PIN a later feature of a non-parcel's PIN is kept under ("ROAD_2", "ROAD_3" …), one no feature took; undefined when none is a valid PIN. */
  function nextFreePin(pin: string, number: number): string | undefined {
    for (let n = 2; ; n += 1) {
      const candidate = `${pin}_${n}`;
      if (!pinSchema.safeParse(candidate).success) return undefined;
      if (prepared.featureOfPin.add(candidate, number) === undefined) return candidate;
    }
  }

  return {
    prepared,
    /** The rows of a batch whose first feature is number `first` (1-based). */
    prepareBatch(features: readonly SourceFeature[], first: number, outlines: readonly OutlineCheck[]): ParcelInsert[] {
      const rows: ParcelInsert[] = [];
      features.forEach((feature, i) => {
        const row = prepareFeature(feature, first + i, outlines[i]!);
        if (row) rows.push(row);
      });
      return rows;
    },
    attributeFields: () => attributes.fields(),
    placeholders: () => placeholders.counts(),
    /**
     * Reports the polygons enclosing many other parcels, and stores them as the mapping's `outsized`
     * kind where it gives one (a feature a rule named keeps that rule's kind). Rows held for a later
     * publish change here; rows written already, at the publish (setNonParcelKinds).
     */
    applyOutsized(): void {
      const named = new Map(prepared.nonParcels.map((row) => [row.storedPin ?? row.pin, row.kind]));
      const kind = mapping.outsized?.kind ?? null;
      prepared.outsized = outsized.find().map(({ feature, pin, covers }) => ({ feature, pin, covers, kind: named.get(pin) ?? kind }));
      if (kind === null) return;
      const newlyNamed = new Set(prepared.outsized.filter((row) => !named.has(row.pin)).map((row) => row.pin));
      for (const row of prepared.outsized) if (newlyNamed.has(row.pin)) prepared.nonParcels.push({ feature: row.feature, pin: row.pin, kind });
      prepared.nonParcels.sort((a, b) => a.feature - b.feature);
      for (const row of prepared.rows) if (newlyNamed.has(row.pin)) row.kind = kind;
    },
  };
}

/** Leaves out the rows whose PIN another data set serves now, each a rejection; returns the others. */
async function rejectPinsServedElsewhere(db: Queryable, name: string, rows: ParcelInsert[], prepared: Prepared): Promise<ParcelInsert[]> {
  const served = await pinsServedElsewhere(db, name, rows.map((row) => row.pin));
  if (served.size === 0) return rows;
  for (const [pin, other] of served) {
    prepared.repairedPins.delete(pin);
    prepared.rejections.push({ feature: prepared.featureOfPin.get(pin)!, pin, reason: 'PIN in another data set', detail: `PIN already served by data set '${other}'` });
  }
  prepared.imported -= served.size;
  prepared.nonParcels = prepared.nonParcels.filter((row) => !served.has(row.storedPin ?? row.pin));
  prepared.rejections.sort((a, b) => a.feature - b.feature);
  return rows.filter((row) => !served.has(row.pin));
}

/** The source property a field reads; undefined for a constant or a field not mapped. */
function sourceOf(spec: FieldSpec | undefined): string | undefined {
  return typeof spec === 'string' ? spec : spec?.from;
}

/** null: no value; undefined: a value that is not a date in the mapped format (a warning). */
function readDate(value: unknown, spec: FieldSpec | undefined): string | null | undefined {
  if (value === undefined || value === null || String(value).trim() === '') return null;
  const formats: DateFormat[] = typeof spec === 'object' && spec.date ? [spec.date] : ['YYYY-MM-DD', 'M/D/YYYY'];
  for (const format of formats) {
    const date = parseDate(value, format);
    if (date !== undefined) return date;
  }
  return undefined;
}

/** The feature's property, then the joined row's; exact name first, then case-insensitive. */
function lookup(properties: Record<string, unknown>, joined: CsvRow | undefined, name: string): unknown {
  if (name in properties) return properties[name];
  if (joined && name in joined) return joined[name];
  const lower = name.toLowerCase();
  for (const record of joined ? [properties, joined] : [properties]) {
    for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return (record as Record<string, unknown>)[key];
  }
  return undefined;
}

/**
 * Inserts a version's parcels batch by batch into its own table, bare until the publish indexes it
 * (parcelVersionTables.ts), each batch written while the next one is prepared (the database works
 * in its own process or thread meanwhile).
 */
function createBatchWriter(tx: Queryable, datasetId: number, options: Pick<ImportOptions, 'afterBatch'> & { onWritten?: (written: number) => void }) {
  const parcels = createParcelWriter(tx);
  let written = 0;
  let inFlight: Promise<void> = Promise.resolve();
  return {
    async write(rows: readonly ParcelInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await inFlight;
      inFlight = parcels.insertMany(rows, datasetId).then(async () => {
        written += rows.length;
        options.onWritten?.(written);
        await options.afterBatch?.(written);
      });
      // Awaited with the next batch or at the end; until then a failure must not count as unhandled.
      inFlight.catch(() => undefined);
    },
    async finish(): Promise<void> {
      await inFlight;
    },
  };
}
