// The overlay importer: a county's other layer (flood zones, zoning, water, roads, points of
// interest) read by the parcels' readers (readParcelSource.ts, GDAL's formats included), reprojected
// as parcels are, its polygons checked and repaired as parcel outlines are (parcelOutlines.ts), its
// lines and points checked for usable positions — then published as the overlay's next version with
// every property of every feature kept (publish/overlayVersions.ts).
import path from 'node:path';
import type { Geometry, Position } from 'geojson';
import type { Db } from '@parcel-map/database';
import type { OverlayGeometryType, OverlayImportReport, OverlayStyle } from '@parcel-map/shared/contracts';
import { DatasetError } from '../publish/versions.ts';
import { checkOverlayName, publishOverlayVersion, type OverlayFeatureInsert, type OverlayMeta } from '../publish/overlayVersions.ts';
import { tooManyVertices, type ImportFileLimits } from './importFileLimits.ts';
import { DEFAULT_MAX_REJECTED_SHARE, tooManyRejected } from './importParcels.ts';
import { attributeFieldsOf, nullValuesRemover, shownAttributeNames } from './overlayAttributes.ts';
import { chooseLabelAttribute } from './overlayLabels.ts';
import { overlayLegendOf, styleWithLegend } from './overlayLegend.ts';
import { overlayStyleOf, type OverlayMapping } from './overlayMapping.ts';
import { checkOutlines } from './parcelOutlines.ts';
import { readAllFeatures, type SourceFeature } from './parcelSource.ts';
import { readParcelSource } from './readParcelSource.ts';
import { createReprojector, reprojectGeometry, type Reprojector } from './reproject.ts';

export interface OverlayImportOptions {
  file: string;
  /** The overlay's name (a slug such as `flood-zones`). */
  name: string;
  /** What the Overlays panel shows; by default the mapping's, else the name. */
  label?: string;
  mapping: OverlayMapping;
  /** Read and check only; the database is not touched. */
  dryRun?: boolean;
  /** The share of features (0–1) that may be rejected before nothing is published; default 5 %. */
  maxRejectedShare?: number;
  /** How big the file may be once read, as for parcels: the environment's (importFileLimitsFromEnv). */
  limits: ImportFileLimits;
}

const KIND_OF_TYPE: Partial<Record<Geometry['type'], OverlayGeometryType>> = {
  Polygon: 'polygon',
  MultiPolygon: 'polygon',
  LineString: 'line',
  MultiLineString: 'line',
  Point: 'point',
  MultiPoint: 'point',
};

type OverlayRejection = OverlayImportReport['rejections'][number];

/** A file read and checked, nothing written: its report, and what publishing it writes. */
export interface PreparedOverlay {
  report: OverlayImportReport;
  meta: OverlayMeta | null;
  rows: OverlayFeatureInsert[];
  startedAt: number;
}

export async function importOverlay(db: Db | null, options: OverlayImportOptions): Promise<OverlayImportReport> {
  const prepared = await prepareOverlay(options);
  if (options.dryRun || prepared.report.refusal !== null) return prepared.report;
  if (!db) throw new Error('a database is needed unless dryRun is set');
  return publishPreparedOverlay(db, prepared);
}

/** Reads and checks the file; the database is not touched. */
export async function prepareOverlay(options: OverlayImportOptions): Promise<PreparedOverlay> {
  const startedAt = Date.now();
  const { mapping } = options;
  const name = checkOverlayName(options.name);
  const label = options.label ?? mapping.overlay.label ?? name;
  const source = await readParcelSource(options.file, mapping.crs, options.limits);
  // An overlay (flood zones, zoning districts, water) is a few thousand features at most: read whole.
  const features = await readAllFeatures(source);
  const crs = mapping.crs ?? source.crs;
  const kinds = new Set(features.map((feature) => (feature.geometry ? KIND_OF_TYPE[feature.geometry.type] : undefined)).filter((kind) => kind !== undefined));
  const geometryType = kinds.size === 1 ? [...kinds][0]! : null;
  const withoutNulls = nullValuesRemover(mapping);
  const checked = geometryType ? await checkFeatures(features, geometryType, createReprojector(source.inLonLat ? undefined : crs), options.limits, withoutNulls) : { rows: [], rejections: [], repaired: 0 };
  const refusal = refusalOf(features.length, kinds, checked, options.maxRejectedShare ?? DEFAULT_MAX_REJECTED_SHARE);
  const report: OverlayImportReport = {
    file: path.resolve(options.file),
    format: source.format,
    crs: crs === undefined ? 'WGS84 lon/lat' : crs.length > 100 ? `${crs.slice(0, 100)}…` : crs,
    dryRun: options.dryRun ?? false,
    refusal,
    overlay: { name, label, version: null, geometryType, context: mapping.context ?? null, sourceName: mapping.overlay.sourceName, licence: mapping.overlay.licence },
    features: features.length,
    imported: checked.rows.length,
    repaired: checked.repaired,
    rejected: checked.rejections.length,
    rejections: checked.rejections,
    timings: { totalMs: Date.now() - startedAt },
  };
  const meta: OverlayMeta | null = geometryType && overlayMetaOf(mapping, { name, label, geometryType, rows: checked.rows, rejected: checked.rejections.length });

  return { report, meta, rows: checked.rows, startedAt };
}

/** What the overlay's version says of itself: its style and legend found from the features it holds. */
function overlayMetaOf(mapping: OverlayMapping, found: Pick<OverlayMeta, 'name' | 'label' | 'geometryType' | 'rejected'> & { rows: readonly OverlayFeatureInsert[] }): OverlayMeta {
  const { rows, ...meta } = found;
  const fields = attributeFieldsOf(mapping);
  const style = labelledStyle(overlayStyleOf(mapping, meta.geometryType), rows);
  const legend = overlayLegendOf(style, rows.map((row) => row.properties), fields);
  return {
    ...meta, context: mapping.context ?? null, style: styleWithLegend(style, legend), legend, fields, shownAttributes: shownAttributeNames(mapping),
    sourceName: mapping.overlay.sourceName, licence: mapping.overlay.licence, asOf: mapping.overlay.asOf ?? null,
  };
}

/** The style with the property that names its features: the mapping's choice, else the usual name field the file fills. */
function labelledStyle(style: OverlayStyle, rows: readonly OverlayFeatureInsert[]): OverlayStyle {
  if (style.labelAttribute !== undefined) return style;
  const labelAttribute = chooseLabelAttribute(rows.map((row) => row.properties));
  return labelAttribute === undefined ? style : { ...style, labelAttribute };
}

/** Publishes a prepared overlay as its next version; the report then names the version. */
export async function publishPreparedOverlay(db: Db, prepared: PreparedOverlay): Promise<OverlayImportReport> {
  const { report, meta, rows } = prepared;
  if (report.refusal !== null || !meta) throw new DatasetError(`Not published: ${report.refusal}`);
  const published = await publishOverlayVersion(db, meta, rows);
  return { ...report, overlay: { ...report.overlay, version: published.version }, timings: { totalMs: Date.now() - prepared.startedAt } };
}

interface CheckedFeatures {
  rows: OverlayFeatureInsert[];
  rejections: OverlayRejection[];
  repaired: number;
}

/**
 * Each feature reprojected and checked: polygons as parcel outlines are (repaired where broken), lines
 * and points for usable positions; none of more vertices than `limits` allow.
 */
async function checkFeatures(
  features: readonly SourceFeature[], kind: OverlayGeometryType, reproject: Reprojector, limits: ImportFileLimits, withoutNulls: (properties: Record<string, unknown>) => Record<string, unknown>,
): Promise<CheckedFeatures> {
  const checked: CheckedFeatures = { rows: [], rejections: [], repaired: 0 };
  const outlines = kind === 'polygon' ? await checkOutlines(features.map((feature) => feature.geometry), reproject, limits) : undefined;
  features.forEach((source, i) => {
    const feature = i + 1;
    const reject = (detail: string) => checked.rejections.push({ feature, detail });
    if (source.geometry === null) return reject('no geometry');
    if (KIND_OF_TYPE[source.geometry.type] !== kind) return reject(`${source.geometry.type} in an overlay of ${kind}s`);
    let geometry: Geometry;
    if (outlines) {
      const outline = outlines[i]!;
      if (!outline.ok) return reject(outline.detail);
      if (outline.repaired) checked.repaired += 1;
      geometry = outline.geometry;
    } else {
      const tooMany = tooManyVertices(source.geometry, limits);
      if (tooMany) return reject(tooMany);
      geometry = reprojectGeometry(source.geometry, reproject)!;
      const problem = positionProblem(geometry);
      if (problem) return reject(problem);
    }
    checked.rows.push({ feature, properties: withoutNulls(source.properties), geometry, ...extentOf(geometry) });
  });
  return checked;
}

/** Lines and points: every position a finite lon/lat, every line of two distinct positions or more. */
function positionProblem(geometry: Geometry): string | undefined {
  const lines: Position[][] =
    geometry.type === 'LineString' ? [geometry.coordinates]
    : geometry.type === 'MultiLineString' ? geometry.coordinates
    : geometry.type === 'Point' ? [[geometry.coordinates]]
    : geometry.type === 'MultiPoint' ? [geometry.coordinates]
    : [];
  if (lines.length === 0 || lines.some((line) => !Array.isArray(line) || line.length === 0)) return 'empty coordinates';
  for (const line of lines) {
    for (const [lon, lat] of line) {
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'non-numeric coordinate';
      if (Math.abs(lon!) > 180 || Math.abs(lat!) > 90) return `coordinate ${lon}, ${lat} outside lon/lat range (wrong CRS?)`;
    }
    if ((geometry.type === 'LineString' || geometry.type === 'MultiLineString') && line.length < 2) return 'a line of one position';
  }
  return undefined;
}

function extentOf(geometry: Geometry): Pick<OverlayFeatureInsert, 'min_lon' | 'min_lat' | 'max_lon' | 'max_lat'> {
  const extent = { min_lon: Infinity, min_lat: Infinity, max_lon: -Infinity, max_lat: -Infinity };
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [lon, lat] = value as number[];
      extent.min_lon = Math.min(extent.min_lon, lon!);
      extent.max_lon = Math.max(extent.max_lon, lon!);
      extent.min_lat = Math.min(extent.min_lat, lat!);
      extent.max_lat = Math.max(extent.max_lat, lat!);
      return;
    }
    value.forEach(visit);
  };
  visit('coordinates' in geometry ? geometry.coordinates : []);
  return extent;
}

/** Nothing is published from a file with no usable feature, one mixing kinds, or one rejecting more than `maxShare` of its features. */
function refusalOf(features: number, kinds: ReadonlySet<OverlayGeometryType>, checked: CheckedFeatures, maxShare: number): string | null {
  if (features === 0) return 'the file holds no features';
  if (kinds.size > 1) return `the file mixes ${[...kinds].map((kind) => `${kind}s`).join(' and ')}: import each kind as its own overlay`;
  if (checked.rows.length === 0) return `none of its ${features.toLocaleString('en-US')} features has a usable geometry`;
  return tooManyRejected(checked.rejections.length, features, maxShare);
}
