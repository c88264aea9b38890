// Builds parcel vector tiles: the tile's MVT from its source (parcelTileSource.ts: PostGIS where the
// database has it, else the parcels in memory and the own encoder) → gzip, cached per data version
// (migration 007's counter, tracked exactly by dataVersion.ts), so a publish never serves stale tiles
// or ETags.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import type { ParcelTileSource } from './parcelTileSource.ts';
import { QUERY_BUFFER_FRACTION } from './parcelTileRules.ts';
import { isTileOutside, unitBoxOf, type UnitBox } from '../kit/tileMath.ts';
import { buildNow, type EncodedTile, type ScheduleBuild } from '../kit/tileSetRouter.ts';
import { createVersionedCache } from '../../platform/cache/versionedCache.ts';

const DEFAULT_CACHE_ENTRIES = 4096;
// Level 4 instead of zlib's default 6: half the compression time of a cold build for 2–3% more bytes
// (densest demo-county z13 tile 422 KB instead of 408 KB; budget 500 KB).
const GZIP_LEVEL = 4;

const gzipAsync = promisify(gzip);

/** A tile's MVT as the API sends it. */
export const gzippedTile = (pbf: Uint8Array): Promise<Buffer> => gzipAsync(pbf, { level: GZIP_LEVEL });
/**
 * What the start-up builds to warm the source: at the zoom of a first map view a block of tiles around
 * a parcel in the middle of the data (dense ones, as users' first views are), and a few with labels
 * further in.
 */
const WARM_UP_TILES = [
  { z: 14, offsets: [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy] as const)) },
  { z: 16, offsets: [[0, 0], [1, 0], [0, 1]] as const },
];

export interface ParcelTilesServiceDeps {
  /** Where tiles are built from (chooseParcelTileSource): asked once, and again after a failure (the database not answering yet). */
  chooseSource: () => Promise<ParcelTileSource>;
  /** Tiles and ETags are keyed by it. */
  dataVersion: DataVersion;
  cacheEntries?: number;
  /** Told about each tile cache lookup (metrics). */
  onCacheLookup?: (hit: boolean) => void;
}

export function createParcelTilesService(deps: ParcelTilesServiceDeps) {
  const cache = createVersionedCache<EncodedTile>(deps.dataVersion, deps.cacheEntries ?? DEFAULT_CACHE_ENTRIES, deps.onCacheLookup);

  let chosen: ParcelTileSource | undefined;
  let choosing: Promise<ParcelTileSource> | undefined;
  function source(): Promise<ParcelTileSource> {
    if (chosen) return Promise.resolve(chosen);
    choosing ??= deps.chooseSource().then(
      (choice) => (chosen = choice),
      (error: unknown) => {
        choosing = undefined;
        throw error;
      },
    );
    return choosing;
  }

  /** The tile of the parcels in it, or of those of them whose feature id `kept` keeps. */
  async function build(dataVersion: number, z: number, x: number, y: number, kept?: (fid: number) => boolean): Promise<EncodedTile> {
    const pbf = await (await source()).encode(dataVersion, { z, x, y }, kept);
    if (!pbf) return { kind: 'empty', version: dataVersion };
    const body = await gzippedTile(pbf);
    const etag = `"v${dataVersion}-${createHash('sha1').update(body).digest('base64url')}"`;
    return { kind: 'tile', body, etag, version: dataVersion };
  }

  // The first builds after a start paid for V8 compiling the encoder and growing its heap: of the
  // first z14 tiles from memory (1,000,000 parcels) the first took ~400 ms, the third ~60, the rest
  // ~15; at 5,000,000, after three builds at the data's edge, the next ten dense tiles still took
  // 30–75 ms against 8–16 ms later (docs/performance-archive.md). With PostGIS a pooled connection's
  // first call loads the library. Dense builds in the middle of the data right after the start-up load
  // take that cost before anyone's first map view does.
  async function warmUp(tiles: ParcelTileSource, version: number): Promise<void> {
    const position = tiles.warmUpPosition(version);
    if (!position) return; // no parcels: nothing to build
    for (const { z, offsets } of WARM_UP_TILES) {
      const x = Math.floor(position.x * 2 ** z);
      const y = Math.floor(position.y * 2 ** z);
      for (const [dx, dy] of offsets) await build(version, z, x + dx, y + dy);
    }
  }

  // The current version is loaded from the start (from memory: its parcels read, a few seconds for the
  // demo county), so the first map view seldom waits for it; a build before that reads the database.
  // A failed load is tried again by the next build.
  let startingUp = true;
  const startUp = deps.dataVersion
    .current()
    .then(async (version) => {
      const tiles = await source();
      await tiles.load(version);
      await warmUp(tiles, version);
    })
    .catch(() => undefined)
    .finally(() => {
      startingUp = false;
    });

  /** Resolves once the current data version is loaded by the source (from memory: later builds skip the database). */
  async function loadCurrentVersion(): Promise<void> {
    await startUp;
    await (await source()).load(await deps.dataVersion.current());
  }

  // A change this process did not make (another API instance's publish, seen as a NOTIFY) leaves the
  // version unknown until something reads it, and unloaded until a tile is built: a readiness probe
  // asking meanwhile would be told 'not warm' for good, and a load balancer that waits for /ready
  // would send nothing that reads it. Asking is what starts the catching up.
  let catchingUp: Promise<void> | undefined;
  function catchUp(): void {
    catchingUp ??= loadCurrentVersion()
      .catch(() => undefined) // the next question tries again
      .finally(() => {
        catchingUp = undefined;
      });
  }

  // The data version known to be current, once loaded: its extent, and the one empty tile every tile
  // outside it is. A tile outside takes no build and no cache entry, so a flood of them neither waits
  // for a turn nor pushes anyone's built tiles out of the cache.
  let outside: { version: number; extent: UnitBox; empty: EncodedTile } | undefined;
  function emptyOutsideData(z: number, x: number, y: number): EncodedTile | undefined {
    const version = deps.dataVersion.known();
    if (version === undefined) return undefined;
    if (outside?.version !== version) {
      const extent = chosen?.extent(version);
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
     * Whether the data version known to be current is loaded by the source (start-up and imports load
     * it; from memory: its parcels read) and the start-up's first builds are done: tiles are built from
     * now on as they will be. When not, asking starts loading the current version (catchUp).
     */
    tilesWarm(): boolean {
      if (startingUp) return false;
      const version = deps.dataVersion.known();
      const warm = version !== undefined && chosen?.loadedVersion() === version;
      if (!warm) catchUp();
      return warm;
    },
    loadCurrentVersion,
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
