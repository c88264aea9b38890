// Issue #45 point 4: where a cold parcel tile should come from, measured side by side on the same
// tiles, each built in-process with no tile cache: today's parcel set in memory (what every API
// instance reads at start, tiles/parcels/tileParcels.ts), the database read per tile by findForTile
// with the same encoder, and PostGIS's ST_AsMVT — from the JSON outlines as stored, and from a stored,
// indexed geometry column (a probe table made and dropped here) to show what parsing JSON per tile
// costs. And whether ST_AsMVT's features carry the same ids and properties as the own encoder's.
// `npx tsx bench/tileSourcesCli.ts <databaseUrl> [count]` runs it.
import { PARCEL_LABEL_MIN_ZOOM, PARCEL_SOURCE_LAYER } from '../shared/src/tiles/tileSets.ts';
import type { Db } from '../database/src/db.ts';
import { openPgDb } from '../database/src/pgDb.ts';
import { deriveGeometry, type ParcelGeometry } from '../county-data/src/geometry/parcelGeometry.ts';
import { createDatasetsRepository } from '../api-server/src/features/datasets/datasetsRepository.ts';
import { decodedParcelFeatures, type DecodedParcelFeature } from '../api-server/src/testing/decodedParcelFeatures.ts';
import { tileBounds, type LonLatBox } from '../api-server/src/tiles/kit/tileMath.ts';
import { BUFFER, encodeParcelTile, EXTENT } from '../api-server/src/tiles/parcels/parcelTileEncoder.ts';
import { createParcelTilesRepository, type ParcelTileRow, type ParcelTilesRepository } from '../api-server/src/tiles/parcels/parcelTilesRepository.ts';
import { gzippedTile } from '../api-server/src/tiles/parcels/parcelTilesService.ts';
import { parcelTileRules, QUERY_BUFFER_FRACTION } from '../api-server/src/tiles/parcels/parcelTileRules.ts';
import { FULL_PROPERTIES, PIN_PROPERTIES } from '../api-server/src/tiles/parcels/parcelMvtRepository.ts';
import { createTileParcels } from '../api-server/src/tiles/parcels/tileParcels.ts';
import { readTileParcelsInWorkers } from '../api-server/src/tiles/parcels/tileParcelsInWorkers.ts';
import { toTileParcelSet, type TileParcelSet } from '../api-server/src/tiles/parcels/tileParcelSet.ts';
import { atMost, check, reported, round, type BenchRow } from './lib/report.ts';
import { summarize, type Summary } from './lib/stats.ts';
import { COLD_TILE_P95_BUDGET_MS, type TileAddress } from './scaleCounty.ts';

const SECTION = 'tile sources';
const PROBE_TABLE = 'tile_source_probe';
const MB = 1024 * 1024;

/** A way of building a tile: the MVT (uncompressed), or undefined when no parcel shows in it. */
interface TileSource {
  name: string;
  build(tile: TileAddress): Promise<Uint8Array | undefined>;
}

interface SourceRun {
  name: string;
  /** Each tile's build, gzip included. */
  buildMs: Summary;
  gzippedKb: { largest: number; mean: number; total: number };
  /** Each tile's MVT by `z/x/y` (absent: empty), for the comparisons. */
  tiles: Map<string, Uint8Array>;
}

interface TileSourcesResult {
  rows: BenchRow[];
  details: Record<string, unknown>;
}

/** The sources side by side on `tiles` of the parcels `databaseUrl` serves (PostgreSQL; PostGIS is created there when the server has it). */
export async function benchTileSources(databaseUrl: string, tiles: readonly TileAddress[]): Promise<TileSourcesResult> {
  const db = await openPgDb(databaseUrl);
  try {
    return await compareSources(db, tiles);
  } finally {
    await db.close();
  }
}

async function compareSources(db: Db, tiles: readonly TileAddress[]): Promise<TileSourcesResult> {
  const repository = createParcelTilesRepository(db);
  // First, while the process holds little else: its RSS growth is what the set costs an instance.
  const memory = await loadedMemorySource(db, repository);
  const fromMemory = await measured(memory.source, tiles);
  const fromDatabase = await measured(databaseSource(repository), tiles);
  const runs = [fromMemory, fromDatabase];
  const checks = [sameBytesRow(fromMemory, fromDatabase, tiles)];
  const comparisons: Record<string, PropertyComparison> = {};
  let geometryColumn: GeometryColumnBuild | undefined;

  if (await postgisAvailable(db)) {
    await db.query('CREATE EXTENSION IF NOT EXISTS postgis');
    const fromJson = await measured(stAsMvtSource(db, 'ST_AsMVT from JSON', JSON_OUTLINES), tiles);
    const probe = await withGeometryColumn(db, () => measured(stAsMvtSource(db, 'ST_AsMVT from a geometry column', STORED_OUTLINES), tiles));
    geometryColumn = probe.built;
    for (const run of [fromJson, probe.run]) {
      runs.push(run);
      comparisons[run.name] = compareProperties(fromMemory, run, tiles);
      checks.push(propertiesRow(run.name, comparisons[run.name]!));
    }
    checks.push(await everyBranchRow(db));
  } else {
    checks.push(check(SECTION, 'PostGIS ST_AsMVT measured', false, 'the server has no postgis extension (pg_available_extensions)'));
  }

  return {
    rows: [...memoryLoadRows(memory.load), ...runs.flatMap((run) => sourceRows(run, tiles)), ...(geometryColumn ? [geometryColumnRow(geometryColumn)] : []), ...checks],
    details: {
      tiles: tiles.map(tileKey),
      memoryLoad: memory.load,
      sources: Object.fromEntries(runs.map(({ name, buildMs, gzippedKb }) => [name, { buildMs, gzippedKb }])),
      geometryColumn,
      againstOwnEncoder: comparisons,
    },
  };
}

// ---- The sources ------------------------------------------------------------------------------

function ownEncoded(parcels: TileParcelSet, indices: ArrayLike<number> & Iterable<number>, tile: TileAddress): Uint8Array | undefined {
  return encodeParcelTile(PARCEL_SOURCE_LAYER, parcels, indices, tile, parcelTileRules(tile.z, tile.x, tile.y).options);
}

interface MemoryLoad {
  ms: number;
  parcels: number;
  rssGrowthMb: number;
  setMb: number;
}

/** A box no parcel is in (a point at the south pole). */
const NOWHERE: LonLatBox = { west: 0, south: -90, east: 0, north: -90 };

/** Today's path: the current data version's parcels read into memory as the API reads them on PostgreSQL (worker threads), each tile then found in its R-tree. */
async function loadedMemorySource(db: Db, repository: ParcelTilesRepository): Promise<{ source: TileSource; load: MemoryLoad }> {
  const connection = db.connectionForOtherThreads;
  if (!connection) throw new Error('the tile sources bench needs PostgreSQL (a database other threads reach)');
  const datasets = createDatasetsRepository(db);
  const tileParcels = createTileParcels({
    parcels: repository,
    readVersion: () => datasets.dataVersion(),
    readInWorkers: (ranges) => readTileParcelsInWorkers(connection, ranges),
  });
  const version = await datasets.dataVersion();
  const rssBefore = process.memoryUsage.rss();
  const started = performance.now();
  await tileParcels.load(version);
  const ms = performance.now() - started;
  const rssGrowthMb = Math.round((process.memoryUsage.rss() - rssBefore) / MB);
  // Else findForTile would read the database, and the figures below would not be of memory.
  if (tileParcels.loadedVersion() !== version) throw new Error(`data version ${version} is not in memory after its load`);
  // Every selection hands over the whole set: sized once from a box with no parcel.
  const { parcels } = await tileParcels.findForTile(version, NOWHERE, 0);
  const source: TileSource = {
    name: 'memory + own encoder',
    async build(tile) {
      const { bounds, minSize } = parcelTileRules(tile.z, tile.x, tile.y);
      const found = await tileParcels.findForTile(version, bounds, minSize);
      return ownEncoded(found.parcels, found.indices, tile);
    },
  };
  return { source, load: { ms: Math.round(ms), parcels: parcels.size, rssGrowthMb, setMb: round(setBytes(parcels) / MB) } };
}

function memoryLoadRows(load: MemoryLoad): BenchRow[] {
  return [
    reported(SECTION, 'memory: parcels read into memory', round(load.ms / 1000, 2), 's', `${load.parcels.toLocaleString('en-US')} parcels, in worker threads`),
    reported(SECTION, 'memory: RSS growth of that read', load.rssGrowthMb, 'MB', `the set's typed arrays ${load.setMb} MB (its R-tree not counted)`),
  ];
}

function setBytes(set: TileParcelSet): number {
  const { fids, acres, text, textEnds, nullTexts, coords, ringStarts, outerRings, parcelRings } = set;
  return [fids, acres, text, textEnds, nullTexts, coords, ringStarts, outerRings, parcelRings].reduce((sum, array) => sum + array.byteLength, 0);
}

/** The database per tile with the own encoder: what tileParcels.ts does while a version is not in memory yet. */
function databaseSource(repository: ParcelTilesRepository): TileSource {
  return {
    name: 'database + own encoder',
    async build(tile) {
      const { bounds, minSize } = parcelTileRules(tile.z, tile.x, tile.y);
      const rows = await repository.findForTile(bounds, minSize);
      return ownEncoded(toTileParcelSet(rows), rows.map((_, i) => i), tile);
    },
  };
}

async function postgisAvailable(db: Db): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'");
  return rows.length > 0;
}

/**
 * Where ST_AsMVT reads the parcels from (the SQL after FROM), their outline in Web Mercator, and how a
 * tile's are found. Every statement's parameters start with $1 the layer's name, $2–$4 the tile's z, x
 * and y, $5 the least size; a source's own `values` follow from $6.
 */
interface OutlineSource {
  from: string;
  outline: string;
  where: string;
  values(tile: TileAddress): unknown[];
}

/** findForTile's size filter on the stored lon/lat extent (parcelTilesRepository.ts). */
const LARGE_ENOUGH = '($5::float8 = 0 OR max_lon - min_lon >= $5::float8 OR max_lat - min_lat >= $5::float8)';

/** The outlines as stored (GeoJSON, lon/lat, in a json column), parsed and projected per tile; found with findForTile's bbox GiST condition. */
const JSON_OUTLINES: OutlineSource = {
  from: 'parcels',
  outline: 'ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(geometry), 4326), 3857)',
  where: `bbox && box(point($6, $7), point($8, $9)) AND ${LARGE_ENOUGH}`,
  values(tile) {
    const { west, south, east, north } = parcelTileRules(tile.z, tile.x, tile.y).bounds;
    return [west, south, east, north];
  },
};

/** The outlines parsed and projected once, into the probe table's indexed column; found by its GiST index with the same buffer. */
const STORED_OUTLINES: OutlineSource = {
  from: PROBE_TABLE,
  outline: 'geom',
  where: `geom && ST_TileEnvelope($2, $3, $4, margin => $6::float8) AND ${LARGE_ENOUGH}`,
  values: () => [QUERY_BUFFER_FRACTION],
};

/**
 * One statement per tile: ST_AsMVTGeom clips to the encoder's extent and buffer, ST_AsMVT writes the
 * layer, feature id = fid, in the own encoder's order (pin). No `WHERE geom IS NOT NULL` around it, as
 * the usual recipe has: ST_AsMVT skips a row whose outline clipped to nothing (the same tile, byte for
 * byte), and that condition, pushed into the scan, computed every outline twice and made the plan
 * parallel: 150–260 ms instead of ~17 for a dense z14 tile of the geometry column.
 */
function stAsMvtSource(db: Db, name: string, outlines: OutlineSource): TileSource {
  const statement = (fullProperties: boolean) => `
    SELECT ST_AsMVT(features, $1::text, ${EXTENT}, 'geom', 'fid' ORDER BY features.pin) AS mvt FROM (
      SELECT fid, ${fullProperties ? FULL_PROPERTIES : PIN_PROPERTIES},
             ST_AsMVTGeom(${outlines.outline}, ST_TileEnvelope($2, $3, $4), ${EXTENT}, ${BUFFER}, true) AS geom
        FROM ${outlines.from}
       WHERE ${outlines.where}
    ) features`;
  return {
    name,
    async build(tile) {
      const { z, x, y } = tile;
      const { minSize, options } = parcelTileRules(z, x, y);
      const values = [PARCEL_SOURCE_LAYER, z, x, y, minSize, ...outlines.values(tile)];
      const { rows } = await db.query<{ mvt: Buffer | null }>(statement(options.fullProperties), values);
      const mvt = rows[0]?.mvt;
      // With no feature the aggregate writes an empty layer-less tile (0 bytes).
      return mvt && mvt.length > 0 ? new Uint8Array(mvt.buffer, mvt.byteOffset, mvt.byteLength) : undefined;
    },
  };
}

/** Parcels handed over as a JSON parameter ($6), with the columns the statement reads: no table. */
function recordsetOutlines(parcels: readonly ParcelTileRow[]): OutlineSource {
  return {
    from: `json_to_recordset($6::json) AS parcels(fid integer, pin text, owner text, name text, add1 text, city text, taxacres float8,
      kind text, geometry json, min_lon float8, min_lat float8, max_lon float8, max_lat float8)`,
    outline: JSON_OUTLINES.outline,
    where: LARGE_ENOUGH,
    // The extent as the import stores it (with a centroid the statement does not read).
    values: () => [JSON.stringify(parcels.map((parcel) => ({ ...parcel, ...deriveGeometry(parcel.geometry as ParcelGeometry) })))],
  };
}

interface GeometryColumnBuild {
  copyMs: number;
  indexMs: number;
  tableMb: number;
}

/** Runs `measure` with the probe table made (the outlines as geometry(Geometry, 3857), GiST-indexed), dropped after. */
async function withGeometryColumn<T>(db: Db, measure: () => Promise<T>): Promise<{ run: T; built: GeometryColumnBuild }> {
  await db.query(`DROP TABLE IF EXISTS ${PROBE_TABLE}`); // left by a run that was stopped
  try {
    const copyMs = await timed(() =>
      db.query(`CREATE TABLE ${PROBE_TABLE} AS
        SELECT fid, pin, owner, name, add1, city, taxacres, kind, min_lon, min_lat, max_lon, max_lat,
               ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(geometry), 4326), 3857)::geometry(Geometry, 3857) AS geom
          FROM parcels`),
    );
    const indexMs = await timed(async () => {
      await db.query(`CREATE INDEX ${PROBE_TABLE}_geom ON ${PROBE_TABLE} USING gist (geom)`);
      await db.query(`ANALYZE ${PROBE_TABLE}`);
    });
    const { rows } = await db.query<{ bytes: number }>(`SELECT pg_total_relation_size('${PROBE_TABLE}')::float8 AS bytes`);
    const built = { copyMs: Math.round(copyMs), indexMs: Math.round(indexMs), tableMb: Math.round((rows[0]?.bytes ?? 0) / MB) };
    return { run: await measure(), built };
  } finally {
    await db.query(`DROP TABLE IF EXISTS ${PROBE_TABLE}`);
  }
}

function geometryColumnRow({ copyMs, indexMs, tableMb }: GeometryColumnBuild): BenchRow {
  const seconds = (ms: number) => round(ms / 1000, 1);
  return reported(SECTION, 'geometry column: copy + GiST index built', seconds(copyMs + indexMs), 's', `copy ${seconds(copyMs)} s, index ${seconds(indexMs)} s, ${tableMb} MB with its index`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

// ---- Measuring ------------------------------------------------------------------------------

const tileKey = ({ z, x, y }: TileAddress) => `${z}/${x}/${y}`;

/**
 * Four tiles one zoom in under the middle one, built first and not measured: V8 compiles the encoder,
 * and a connection's first PostGIS call loads the library and sets up PROJ's transformation (~100 ms),
 * as the API's start-up warms its encoder before its first map view (parcelTilesService.ts's warmUp):
 * the figures are of serving, not of a first build.
 */
function warmUpTiles(tiles: readonly TileAddress[]): TileAddress[] {
  const middle = tiles[Math.floor(tiles.length / 2)];
  if (!middle) return [];
  return [0, 1].flatMap((dx) => [0, 1].map((dy) => ({ z: middle.z + 1, x: 2 * middle.x + dx, y: 2 * middle.y + dy })));
}

/** Each tile built once, gzipped as parcelTilesService.ts gzips it, timed from the query to the gzipped body. */
async function measured(source: TileSource, tiles: readonly TileAddress[]): Promise<SourceRun> {
  for (const tile of warmUpTiles(tiles)) await source.build(tile);
  const ms: number[] = [];
  const sizes: number[] = [];
  const built = new Map<string, Uint8Array>();
  for (const tile of tiles) {
    const started = performance.now();
    const mvt = await source.build(tile);
    const body = mvt && (await gzippedTile(mvt));
    ms.push(performance.now() - started);
    sizes.push(body?.length ?? 0);
    if (mvt) built.set(tileKey(tile), mvt);
  }
  const kb = (bytes: number) => round(bytes / 1024);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return {
    name: source.name,
    buildMs: summarize(ms),
    gzippedKb: { largest: kb(Math.max(0, ...sizes)), mean: kb(total / Math.max(1, sizes.length)), total: kb(total) },
    tiles: built,
  };
}

const zoomsOf = (tiles: readonly TileAddress[]) => [...new Set(tiles.map(({ z }) => `z${z}`))].join(', ');

function sourceRows({ name, buildMs, gzippedKb }: SourceRun, tiles: readonly TileAddress[]): BenchRow[] {
  return [
    atMost(SECTION, `${name}: cold ${zoomsOf(tiles)} tile p95`, buildMs.p95, 'ms', COLD_TILE_P95_BUDGET_MS, `p50 ${buildMs.p50} ms, max ${buildMs.max} ms, ${buildMs.count} tiles`),
    reported(SECTION, `${name}: largest gzipped tile`, gzippedKb.largest, 'KB', `mean ${gzippedKb.mean} KB, ${gzippedKb.total} KB in all`),
  ];
}

// ---- Every branch of the properties ---------------------------------------------------------

/** Where the made-up parcels lie: any tile at the label zoom (full properties). */
const BRANCHES_TILE: TileAddress = { z: PARCEL_LABEL_MIN_ZOOM, x: 1000, y: 2000 };

/**
 * Made-up parcels, one square each inside BRANCHES_TILE, that take every branch of the own encoder's
 * properties, which the generated county never takes (all its lots are parcels with every field set):
 * no owner but a name, an empty owner, features that are nobody's, empty and missing texts, no acres,
 * whole, fractional and negative acres, text beyond ASCII, the largest feature id.
 */
function everyBranchParcels(): ParcelTileRow[] {
  const parcel = { owner: 'A. Owner', name: null, add1: '1 Main St', city: 'Town', taxacres: 1.5, kind: 'parcel' } as const;
  const variants: Partial<ParcelTileRow>[] = [
    {},
    { owner: null, name: 'Parcel Name' },
    { owner: null, name: null },
    { owner: '', name: 'Parcel Name' },
    { kind: 'road', owner: 'City of Town', name: 'Main Street' },
    { kind: 'water', owner: null, add1: null, city: null, taxacres: null },
    { add1: '', city: '' },
    { add1: null, city: null },
    { taxacres: null },
    { taxacres: 2 },
    { taxacres: 0 },
    { taxacres: -3 },
    { taxacres: 0.1 + 0.2 },
    { owner: 'Café Ñoño 東京 🏠', city: 'Zürich' },
    { fid: 2 ** 31 - 1 },
  ];
  const { west, south, east, north } = tileBounds(BRANCHES_TILE.z, BRANCHES_TILE.x, BRANCHES_TILE.y);
  const step = (east - west) / (variants.length + 1);
  return variants.map((variant, i) => {
    const [x0, x1, y0, y1] = [west + (i + 0.25) * step, west + (i + 0.75) * step, south + (north - south) * 0.4, south + (north - south) * 0.6];
    const ring = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
    return { fid: i + 1, pin: `B${String(i).padStart(3, '0')}`, ...parcel, geometry: { type: 'Polygon', coordinates: [ring] }, ...variant };
  });
}

/** ST_AsMVT's statement (the properties' SQL) against the own encoder on everyBranchParcels. */
async function everyBranchRow(db: Db): Promise<BenchRow> {
  const parcels = everyBranchParcels();
  const own = decodedParcelFeatures(ownEncoded(toTileParcelSet(parcels), parcels.map((_, i) => i), BRANCHES_TILE));
  const theirs = decodedParcelFeatures(await stAsMvtSource(db, 'ST_AsMVT', recordsetOutlines(parcels)).build(BRANCHES_TILE));
  const { first, bufferOnly } = tileDifferences(own, theirs);
  const missing = own.length !== parcels.length ? `the own encoder wrote ${own.length} of ${parcels.length}` : undefined;
  const difference = missing ?? first ?? (bufferOnly > 0 ? `${bufferOnly} features in one tile only` : undefined);
  return check(SECTION, 'ST_AsMVT: same properties on parcels that take every branch (nulls, empty texts, kinds, acres)', difference === undefined, difference ?? `${parcels.length} parcels, ids and properties identical`);
}

// ---- Comparing ------------------------------------------------------------------------------

/** The own encoder from memory and from the database must write the same bytes: else the two timings are of different tiles. */
function sameBytesRow(fromMemory: SourceRun, fromDatabase: SourceRun, tiles: readonly TileAddress[]): BenchRow {
  const differing = tiles.map(tileKey).find((key) => !sameBytes(fromMemory.tiles.get(key), fromDatabase.tiles.get(key)));
  return check(SECTION, 'own encoder: same tile from memory and from the database', differing === undefined, differing ? `tile ${differing} differs` : `${fromMemory.tiles.size} tiles, byte for byte`);
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a === undefined || b === undefined ? a === b : Buffer.compare(a, b) === 0;
}

/**
 * How `theirs` differs from `own`: the first feature id in one only that reaches into the tile, or
 * the first difference in a shared feature's properties (names, values and their types); and how
 * many features are in one only yet lie wholly in the buffer (slivers on its edge that one side's
 * clipping keeps and the other's drops: not drawn either way).
 */
function tileDifferences(own: readonly DecodedParcelFeature[], theirs: readonly DecodedParcelFeature[]): { first: string | undefined; bufferOnly: number } {
  const ownById = new Map(own.map((feature) => [feature.id, feature]));
  const theirsById = new Map(theirs.map((feature) => [feature.id, feature]));
  const onlyOwn = own.filter(({ id }) => !theirsById.has(id));
  const onlyTheirs = theirs.filter(({ id }) => !ownById.has(id));
  const shown = onlyOwn.find(({ inTile }) => inTile) ?? onlyTheirs.find(({ inTile }) => inTile);
  const bufferOnly = [...onlyOwn, ...onlyTheirs].filter(({ inTile }) => !inTile).length;
  if (shown) return { first: `feature ${shown.id} only in ${ownById.has(shown.id) ? "the own encoder's" : "ST_AsMVT's"}`, bufferOnly };
  for (const feature of own) {
    const other = theirsById.get(feature.id);
    const difference = other && propertyDifference(feature.properties, other.properties);
    if (difference) return { first: `feature ${feature.id}: ${difference}`, bufferOnly };
  }
  return { first: undefined, bufferOnly };
}

function propertyDifference(own: DecodedParcelFeature['properties'], theirs: DecodedParcelFeature['properties']): string | undefined {
  const shown = (value: unknown) => (value === undefined ? 'absent' : `${JSON.stringify(value)} (${typeof value})`);
  for (const key of new Set([...Object.keys(own), ...Object.keys(theirs)])) {
    if (own[key] !== theirs[key]) return `${key} is ${shown(own[key])} in the own encoder's, ${shown(theirs[key])} in ST_AsMVT's`;
  }
  return undefined;
}

interface PropertyComparison {
  /** In the own encoder's tiles. */
  features: number;
  /** In one side's tile only, wholly in the buffer. */
  bufferOnly: number;
  /** Tiles whose shared features come in the same order (pin). */
  tilesInSameOrder: number;
  vertices: { own: number; stAsMvt: number };
  firstDifference: string | null;
}

/** ST_AsMVT's tiles against the own encoder's: the same features (ids) with identical properties; vertices differ by simplification and are counted. */
function compareProperties(own: SourceRun, theirs: SourceRun, tiles: readonly TileAddress[]): PropertyComparison {
  const comparison: PropertyComparison = { features: 0, bufferOnly: 0, tilesInSameOrder: 0, vertices: { own: 0, stAsMvt: 0 }, firstDifference: null };
  const vertexCount = (features: readonly DecodedParcelFeature[]) => features.reduce((sum, feature) => sum + feature.vertices, 0);
  for (const tile of tiles) {
    const ownFeatures = decodedParcelFeatures(own.tiles.get(tileKey(tile)));
    const theirFeatures = decodedParcelFeatures(theirs.tiles.get(tileKey(tile)));
    comparison.features += ownFeatures.length;
    comparison.vertices.own += vertexCount(ownFeatures);
    comparison.vertices.stAsMvt += vertexCount(theirFeatures);
    if (sameOrder(ownFeatures, theirFeatures)) comparison.tilesInSameOrder += 1;
    const { first, bufferOnly } = tileDifferences(ownFeatures, theirFeatures);
    comparison.bufferOnly += bufferOnly;
    if (first !== undefined && comparison.firstDifference === null) comparison.firstDifference = `tile ${tileKey(tile)}: ${first}`;
  }
  return comparison;
}

/** Whether the features both tiles hold come in the same order in each (the order they are drawn in). */
function sameOrder(own: readonly DecodedParcelFeature[], theirs: readonly DecodedParcelFeature[]): boolean {
  const theirIds = new Set(theirs.map(({ id }) => id));
  const ownIds = new Set(own.map(({ id }) => id));
  const shared = (features: readonly DecodedParcelFeature[], other: Set<number | undefined>) => features.filter(({ id }) => other.has(id)).map(({ id }) => id).join();
  return shared(own, theirIds) === shared(theirs, ownIds);
}

function propertiesRow(name: string, { features, bufferOnly, tilesInSameOrder, vertices, firstDifference }: PropertyComparison): BenchRow {
  const count = (n: number) => n.toLocaleString('en-US');
  const summary = `${count(features)} features, ${count(bufferOnly)} more in one side's only but wholly in the buffer; ${tilesInSameOrder} tiles in the same order; vertices: own ${count(vertices.own)}, ST_AsMVT ${count(vertices.stAsMvt)}`;
  return check(SECTION, `${name}: same feature ids and properties as the own encoder`, firstDifference === null, firstDifference ?? summary);
}
