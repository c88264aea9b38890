// Imagery tiles (GET /tiles/imagery/{name}/{z}/{x}/{y}.{webp|jpg}?v=<id>): each is one tile stored in
// the layer's COGs (the full resolution's, or a coarser one's below its zooms), read at its offset and
// sent as it is (a JPEG file's with its tables, and as WebP with its mask on the image's edge:
// maskedJpegTile.ts). The layers served are read once per data version; each file's tile index once per
// file (a file is one version's, never rewritten), with the file kept open while its version is current.
// Tiles once answered are kept in memory (bounded), where the fast path in front of Express finds them
// (tiles/kit/cachedTileFastPath.ts): a map panned over an orthophoto asks for the same tiles again.
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { IMAGERY_TILE_FORMATS } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../platform/cache/perVersion.ts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import { readCogTileIndex, type CogTileIndex, type LocatedTile } from './cogTileIndex.ts';
import type { ImageryFilesRepository, ServedImagery } from './imageryFilesRepository.ts';
import { maskedJpegTile, type TileImage } from './maskedJpegTile.ts';
import type { FastPathAddress, FastPathTile } from '../kit/cachedTileFastPath.ts';

export interface ImageryTilesDeps {
  files: ImageryFilesRepository;
  dataVersion: DataVersion;
  /** Where the files are (IMAGERY_DIR, else DATA_DIR/imagery). */
  imageryDir: string;
}

/** A tile's bytes, type and ETag, or `empty` where the layer has none. */
type EncodedImageryTile = ({ kind: 'tile'; etag: string } & TileImage) | { kind: 'empty' };
/** A tile with the version it is of. */
export type ImageryTile = EncodedImageryTile & { layer: ServedImagery };

const CLOSE_DELAY_MS = 30_000;
/** The tiles kept in memory, in bytes: a few thousand tiles, several screens of several layers. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** What an entry costs beside its bytes (an empty tile is nothing else). */
const ENTRY_BYTES = 64;
/** TIFF's compression codes of the tiles the import writes. */
const JPEG = 7;

interface OpenCog {
  handle: FileHandle;
  index: CogTileIndex;
}

export function createImageryTiles(deps: ImageryTilesDeps) {
  const opened = new Map<string, Promise<OpenCog>>();
  // Keyed by the layer version's row id (never reused) and the tile's place.
  const answered = new LRUCache<string, EncodedImageryTile>({ maxSize: CACHE_BYTES, sizeCalculation: (tile) => ENTRY_BYTES + (tile.kind === 'tile' ? tile.body.length : 0) });
  /** The layers of the data version last read, for the fast path's synchronous look. */
  let known: { version: number; layers: Map<string, ServedImagery> } | undefined;
  const layersFor = loadPerVersion(async () => {
    const layers = await deps.files.current();
    closeAllBut(new Set([...layers.values()].flatMap((layer) => [layer.file, ...layer.lowerFiles.map((lower) => lower.file)])));
    return layers;
  });

  /** The layer named, as of the data version known to be current; undefined when that version's layers are not read yet. */
  function knownLayer(name: string | undefined): ServedImagery | undefined {
    const version = deps.dataVersion.known();
    return name !== undefined && known !== undefined && known.version === version ? known.layers.get(name) : undefined;
  }

  /** The COG that stores zoom `z` of the layer: a coarser one whose zooms hold it, else the full resolution's. */
  function cogOf(layer: ServedImagery, z: number): Promise<OpenCog> {
    const { file, maxzoom } = layer.lowerFiles.find((lower) => lower.minzoom <= z && z <= lower.maxzoom) ?? layer;
    let cog = opened.get(file);
    if (!cog) {
      cog = openCog(path.resolve(deps.imageryDir, file), maxzoom);
      opened.set(file, cog);
      // A failed open is not kept: the next request tries again.
      cog.catch(() => opened.delete(file));
    }
    return cog;
  }

  function closeAllBut(current: Set<string>): void {
    for (const [file, cog] of opened) {
      if (current.has(file)) continue;
      opened.delete(file);
      // A little later: a request that found the file before may still be reading it.
      setTimeout(() => void cog.then(({ handle }) => handle.close()).catch(() => undefined), CLOSE_DELAY_MS).unref();
    }
  }

  async function readTile(layer: ServedImagery, z: number, x: number, y: number): Promise<EncodedImageryTile> {
    if (z < layer.minzoom || z > layer.maxzoom) return { kind: 'empty' };
    const { handle, index } = await cogOf(layer, z);
    const stored = index.locate(z, x, y);
    if (!stored) return { kind: 'empty' };
    // The version's file is never rewritten: its id and the tile's place name the bytes.
    return { kind: 'tile', etag: `"i${layer.id}-${z}-${x}-${y}"`, ...(await encodedTile(handle, index, stored)) };
  }

  return {
    /** The layer's tile; a NotFoundError for a name not served. */
    async getTile(name: string, z: number, x: number, y: number): Promise<ImageryTile> {
      const version = deps.dataVersion.known() ?? (await deps.dataVersion.current());
      const layers = await layersFor(version);
      known = { version, layers };
      const layer = layers.get(name);
      if (!layer) throw new NotFoundError('Imagery not found');
      const key = `${layer.id}/${z}/${x}/${y}`;
      let tile = answered.get(key);
      if (!tile) {
        tile = await readTile(layer, z, x, y);
        answered.set(key, tile);
      }
      return { ...tile, layer };
    },

    /** The version (row id) of the layer named, known to be current: what a tile URL's `?v=` must name for the fast path. */
    knownVersion: (name?: string): number | undefined => knownLayer(name)?.id,

    /** The tile if it was answered before for the layer's current version, and the URL's extension is the layer's. */
    peek({ name, z, x, y, extension }: FastPathAddress): FastPathTile | undefined {
      const layer = knownLayer(name);
      if (!layer || IMAGERY_TILE_FORMATS[layer.tileFormat].extension !== extension) return undefined;
      return answered.get(`${layer.id}/${z}/${x}/${y}`);
    },
  };
}

async function encodedTile(handle: FileHandle, index: CogTileIndex, stored: LocatedTile): Promise<TileImage> {
  const body = await readStored(handle, stored);
  if (index.compression !== JPEG) return { body, contentType: 'image/webp' };
  return maskedJpegTile(body, index.jpegTables, stored.mask && { stored: await readStored(handle, stored.mask), compression: index.maskCompression });
}

async function readStored(handle: FileHandle, { offset, length }: { offset: number; length: number }): Promise<Buffer> {
  const body = Buffer.alloc(length);
  await handle.read(body, 0, length, offset);
  return body;
}

async function openCog(file: string, maxzoom: number): Promise<OpenCog> {
  const handle = await open(file, 'r');
  try {
    return { handle, index: await readCogTileIndex(handle, maxzoom) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export type ImageryTiles = ReturnType<typeof createImageryTiles>;
