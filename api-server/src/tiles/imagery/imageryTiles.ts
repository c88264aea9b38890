// Imagery tiles (GET /tiles/imagery/{name}/{z}/{x}/{y}.{webp|jpg}?v=<id>): each is one tile stored in
// the layer's COGs (the full resolution's, or a coarser one's below its zooms), read at its offset and
// sent as it is (a JPEG file's with its tables, and as WebP with its mask on the image's edge:
// maskedJpegTile.ts). The layers served are read once per data version; each file's tile index once per
// file (a file is one version's, never rewritten), with the file kept open while its version is current.
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';
import { loadPerVersion } from '../../platform/cache/perVersion.ts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import { readCogTileIndex, type CogTileIndex, type LocatedTile } from './cogTileIndex.ts';
import type { ImageryFilesRepository, ServedImagery } from './imageryFilesRepository.ts';
import { maskedJpegTile, type EncodedTile } from './maskedJpegTile.ts';

export interface ImageryTilesDeps {
  files: ImageryFilesRepository;
  dataVersion: DataVersion;
  /** Where the files are (IMAGERY_DIR, else DATA_DIR/imagery). */
  imageryDir: string;
}

/** A tile's bytes and type, or `empty` where the layer has none; with the version it is of. */
export type ImageryTile = (({ kind: 'tile' } & EncodedTile) | { kind: 'empty' }) & { layer: ServedImagery };

const CLOSE_DELAY_MS = 30_000;
/** TIFF's compression codes of the tiles the import writes. */
const JPEG = 7;

interface OpenCog {
  handle: FileHandle;
  index: CogTileIndex;
}

export function createImageryTiles(deps: ImageryTilesDeps) {
  const opened = new Map<string, Promise<OpenCog>>();
  const layersFor = loadPerVersion(async () => {
    const layers = await deps.files.current();
    closeAllBut(new Set([...layers.values()].flatMap((layer) => [layer.file, ...layer.lowerFiles.map((lower) => lower.file)])));
    return layers;
  });

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

  return {
    /** The layer's tile; a NotFoundError for a name not served. */
    async getTile(name: string, z: number, x: number, y: number): Promise<ImageryTile> {
      const layers = await layersFor(deps.dataVersion.known() ?? (await deps.dataVersion.current()));
      const layer = layers.get(name);
      if (!layer) throw new NotFoundError('Imagery not found');
      if (z < layer.minzoom || z > layer.maxzoom) return { kind: 'empty', layer };
      const { handle, index } = await cogOf(layer, z);
      const stored = index.locate(z, x, y);
      if (!stored) return { kind: 'empty', layer };
      return { kind: 'tile', ...(await encodedTile(handle, index, stored)), layer };
    },
  };
}

async function encodedTile(handle: FileHandle, index: CogTileIndex, stored: LocatedTile): Promise<EncodedTile> {
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
