// Builds parcel vector tiles: the tile's parcels (from memory, tileParcels.ts) → MVT (parcelTileEncoder.ts) → gzip, cached per
// data version (migration 007's counter, tracked exactly by dataVersion.ts), so a publish never
// serves stale tiles or ETags.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PARCEL_LABEL_MIN_ZOOM, PARCEL_SOURCE_LAYER } from '@parcel-map/shared/contracts';
import type { ParcelTilesRepository } from './parcelTilesRepository.ts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { BUFFER, encodeParcelTile, EXTENT, type ParcelTileOptions } from './parcelTileEncoder.ts';
import { createTileParcels } from './tileParcels.ts';
import { readTileParcelsInWorkers } from './tileParcelsInWorkers.ts';
import type { PgConnection } from '@parcel-map/database';
import { isTileOutside, tileBounds, unitBoxOf, type LonLatBox, type UnitBox } from '../kit/tileMath.ts';
import { buildNow, type EncodedTile, type ScheduleBuild } from '../kit/tileSetRouter.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';

// Query a little more than the tile's buffer so clipped edges at tile borders are drawn.
export const QUERY_BUFFER_FRACTION = (2 * BUFFER) / EXTENT;
/** From this zoom every parcel is in its tiles, outlines within 1/16 px. */
const FULL_DETAIL_ZOOM = 13;
// Names, addresses and acreage only from the label zoom: below it a click reads them from the API.
// The initial view's twelve z13 tiles went from 2.3 MB to 1.2 MB gzipped, which the browser's
// workers decode before the first parcels are drawn.
const FULL_PROPERTIES_ZOOM = PARCEL_LABEL_MIN_ZOOM;
// Simplification tolerance in tile units (4096 per 512 px: 8 per pixel) at the requested zoom; 0.5
// took the densest z13 tile from 548 KB to 400 KB gzipped.
const EXACT_TOLERANCE = 0.5;
const GENERALISED_TOLERANCE = 8;
// Below FULL_DETAIL_ZOOM parcels smaller than this many pixels both ways are left out: at 3 px
// (and no simplification) the densest z11/z12 demo-county tiles reached 550–670 KB gzipped; at 5 px,
// simplified, the densest z12 tile is ~210 KB (bench/tileSizes.ts; budget 500 KB).
const MIN_PIXELS_BELOW_FULL_DETAIL = 5;
const TILE_PIXELS = 512;
const DEFAULT_CACHE_ENTRIES = 4096;
// Level 4 instead of zlib's default 6: half the compression time of a cold build for 2–3% more bytes
// (densest demo-county z13 tile 422 KB instead of 408 KB; budget 500 KB).
const GZIP_LEVEL = 4;

const gzipAsync = promisify(gzip);

/**
 * What a build of tile z/x/y reads and how it writes it: the tile grown by the query buffer, the least
 * size of a parcel drawn (0: every parcel), and the encoder's options at its zoom.
 */
export function parcelTileRules(z: number, x: number, y: number): { bounds: LonLatBox; minSize: number; options: ParcelTileOptions } {
  const degreesPerPixel = 360 / 2 ** z / TILE_PIXELS;
  return {
    bounds: tileBounds(z, x, y, QUERY_BUFFER_FRACTION),
    minSize: z < FULL_DETAIL_ZOOM ? MIN_PIXELS_BELOW_FULL_DETAIL * degreesPerPixel : 0,
    options: { tolerance: z >= FULL_DETAIL_ZOOM ? EXACT_TOLERANCE : GENERALISED_TOLERANCE, fullProperties: z >= FULL_PROPERTIES_ZOOM },
  };
}

/** A tile's MVT as the API sends it. */
export const gzippedTile = (pbf: Uint8Array): Promise<Buffer> => gzipAsync(pbf, { level: GZIP_LEVEL });
/**
 * What the start-up builds to warm the encoder: at the zoom of a first map view a block of tiles
 * around a parcel in the middle of the data (dense ones, as users' first views are), and a few with
 * labels further in.
 */
const WARM_UP_TILES = [
  { z: 14, offsets: [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy] as const)) },
  { z: 16, offsets: [[0, 0], [1, 0], [0, 1]] as const },
];

export interface ParcelTilesServiceDeps {
  parcels: ParcelTilesRepository;
  /** Tiles and ETags are keyed by it. */
  dataVersion: DataVersion;
  cacheEntries?: number;
  /** Told about each tile cache lookup (metrics). */
  onCacheLookup?: (hit: boolean) => void;
  /** PostgreSQL as other threads reach it: the parcels are then read into memory by worker threads. */
  connection?: PgConnection | null;
}

export function createParcelTilesService(deps: ParcelTilesServiceDeps) {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? DEFAULT_CACHE_ENTRIES, deps.onCacheLookup);
  const { connection } = deps;
  const tileParcels = createTileParcels({
    parcels: deps.parcels,
    readVersion: () => deps.dataVersion.current(),
    ...(connection ? { readInWorkers: (ranges) => readTileParcelsInWorkers(connection, ranges) } : {}),
  });

  /** The tile of the parcels in it, or of those of them whose feature id `kept` keeps. */
  async function build(dataVersion: number, z: number, x: number, y: number, kept?: (fid: number) => boolean): Promise<EncodedTile> {
    const { bounds, minSize, options } = parcelTileRules(z, x, y);
    const { parcels, indices: found } = await tileParcels.findForTile(dataVersion, bounds, minSize);
    const indices = kept ? Uint32Array.from(found).filter((p) => kept(parcels.fids[p]!)) : found;
    const pbf = encodeParcelTile(PARCEL_SOURCE_LAYER, parcels, indices, { z, x, y }, options);
    if (!pbf) return { kind: 'empty', version: dataVersion };
    const body = await gzippedTile(pbf);
    const etag = `"v${dataVersion}-${createHash('sha1').update(body).digest('base64url')}"`;
    return { kind: 'tile', body, etag, version: dataVersion };
  }

  // The first builds after a start paid for V8 compiling the encoder and growing its heap: of the
  // first z14 tiles from memory (1,000,000 parcels) the first took ~400 ms, the third ~60, the rest
  // ~15; at 5,000,000, after three builds at the data's edge, the next ten dense tiles still took
  // 30–75 ms against 8–16 ms later (docs/performance-archive.md). Dense builds in the middle of the data
  // right after the start-up load take that cost before anyone's first map view does.
  async function warmUp(version: number): Promise<void> {
    const position = tileParcels.parcelPosition(version);
    if (!position) return; // no parcels: nothing to build
    for (const { z, offsets } of WARM_UP_TILES) {
      const x = Math.floor(position.x * 2 ** z);
      const y = Math.floor(position.y * 2 ** z);
      for (const [dx, dy] of offsets) await build(version, z, x + dx, y + dy);
    }
  }

  // The current parcels are read into memory from the start (a few seconds for the demo county), so
  // the first map view seldom waits for them; a build before that reads the database. A failed read
  // is tried again by the next build.
  let startingUp = true;
  const startUp = deps.dataVersion
    .current()
    .then(async (version) => {
      await tileParcels.load(version);
      await warmUp(version);
    })
    .catch(() => undefined)
    .finally(() => {
      startingUp = false;
    });

  /** Resolves once the current data version's parcels are in memory (later builds skip the database). */
  async function loadParcels(): Promise<void> {
    await startUp;
    await tileParcels.load(await deps.dataVersion.current());
  }

  // A change this process did not make (another API instance's publish, seen as a NOTIFY) leaves the
  // version unknown until something reads it, and its parcels unread until a tile is built: a
  // readiness probe asking meanwhile would be told 'not warm' for good, and a load balancer that
  // waits for /ready would send nothing that reads it. Asking is what starts the catching up.
  let catchingUp: Promise<void> | undefined;
  function catchUp(): void {
    catchingUp ??= loadParcels()
      .catch(() => undefined) // the next question tries again
      .finally(() => {
        catchingUp = undefined;
      });
  }

  // The data version known to be current, when its parcels are in memory: their extent, and the one
  // empty tile every tile outside it is. A tile outside takes no build and no cache entry, so a flood
  // of them neither waits for a turn nor pushes anyone's built tiles out of the cache.
  let outside: { version: number; extent: UnitBox; empty: EncodedTile } | undefined;
  function emptyOutsideData(z: number, x: number, y: number): EncodedTile | undefined {
    const version = deps.dataVersion.known();
    if (version === undefined) return undefined;
    if (outside?.version !== version) {
      const extent = tileParcels.extent(version);
      if (!extent) return undefined;
      outside = { version, extent: unitBoxOf(extent), empty: { kind: 'empty', version } };
    }
    return isTileOutside(outside.extent, z, x, y, QUERY_BUFFER_FRACTION) ? outside.empty : undefined;
  }

  return {
    /** `schedule`: when the build of a tile not cached may run (the asking address's turn, tiles/kit/tileSetRouter.ts). */
    getTile(z: number, x: number, y: number, schedule: ScheduleBuild = buildNow): Promise<EncodedTile> {
      const empty = emptyOutsideData(z, x, y);
      if (empty) return Promise.resolve(empty);
      return cache.get(`${z}/${x}/${y}`, (dataVersion) => schedule(() => build(dataVersion, z, x, y)));
    },
    /**
     * The tile of only the parcels whose feature id `kept` keeps, built now for `dataVersion` (the
     * current one) and cached by the caller: a query's matches (queryMatchTiles.ts).
     */
    buildKept(dataVersion: number, z: number, x: number, y: number, kept: (fid: number) => boolean): Promise<EncodedTile> {
      return Promise.resolve(emptyOutsideData(z, x, y) ?? build(dataVersion, z, x, y, kept));
    },
    /** The data version known to be current without a query (the fast path's `?v=` check), else undefined. */
    knownVersion: (): number | undefined => deps.dataVersion.known(),
    /**
     * Whether the data version known to be current has its parcels in memory (start-up and imports read
     * them) and the start-up's first builds are done: tiles are built from now on as they will be. When
     * not, asking starts reading the current version and its parcels (catchUp).
     */
    parcelsInMemory(): boolean {
      if (startingUp) return false;
      const version = deps.dataVersion.known();
      const warm = version !== undefined && tileParcels.loadedVersion() === version;
      if (!warm) catchUp();
      return warm;
    },
    loadParcels,
    /**
     * The tile if it is built and cached for the data version known to be current, or lies outside its
     * data; else undefined (the caller takes the normal path, which reads the version and builds).
     */
    peek(z: number, x: number, y: number): EncodedTile | undefined {
      return emptyOutsideData(z, x, y) ?? cache.peek(`${z}/${x}/${y}`);
    },
  };
}

export type ParcelTilesService = ReturnType<typeof createParcelTilesService>;
