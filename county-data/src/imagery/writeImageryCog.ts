// Writes an imagery source as the file the API serves: one Cloud-Optimized GeoTIFF in the web map's
// own tiling (GDAL's GoogleMapsCompatible: EPSG:3857, 256 px tiles aligned on the z/x/y grid), its
// full resolution at the zoom nearest the source's pixel size and overviews for the three zooms below
// it, so every map tile of those zooms is exactly one stored tile, read by byte range and sent as it is.
// Tiles are JPEG with GDAL's 1-bit mask beside them for where the source has no data (the API sends an
// edge tile as WebP with that mask as its alpha): writing WebP took four times as long as reprojecting
// (docs/performance.md), JPEG next to nothing. A tile wholly outside the image or wholly nodata is not
// stored at all (SPARSE_OK), and the API answers it 204. GDAL streams the source
// through a bounded block cache, so memory stays flat whatever the image's size.
// Below those zooms, coarser COGs made from the first one (writeCoarserCogs), four zooms each, serve
// the image down to the zoom where it is half a tile across: zoomed out, the photo never vanishes.
import { gdalToolOutput } from '../import/gdal.ts';
import { IMAGERY_TILE_QUALITY, type ImageryTileFormat } from '@parcel-map/shared/contracts';
import type { ImageryFormat } from './imageryFormat.ts';
import type { ImagerySource } from './imagerySource.ts';

/**
 * The zooms whose stored tiles line up with the map's (GDAL's ALIGNED_LEVELS: by default only the full
 * resolution does). Each more level pads the raster to twice the size; measured on the Chicago
 * sample, 4 levels took 1 s and 0.2 GB, 6 levels 8.5 s and 0.45 GB, 7 levels 21 s and 1.4 GB.
 */
const ALIGNED_LEVELS = 4;
/**
 * GDAL's block cache for the conversion, in MB: the import's memory stays near it for any size of image.
 * Measured on the bench's 20,000² image (quiet, 2 cores): 128 MB took 88 s and 425 MB of memory, 256 MB
 * 132 s and 710 MB (more of the cache written back and read again).
 */
const GDAL_CACHE_MB = 128;
/** The stored tiles' compression: JPEG, with transparency in a mask. */
const COMPRESSION = ['-co', 'COMPRESS=JPEG', '-co', `QUALITY=${IMAGERY_TILE_QUALITY}`];

/** Zoomed out, the image is served down to the first zoom where its longer side is at most this many map pixels (half a tile). */
const SMALLEST_SIDE_PX = 128;
/** Half the EPSG:3857 world's width, in metres. */
const HALF_WORLD = 20037508.342789244;
const TILE_SIZE = 256;

/** One COG of a version and the zooms it serves, its tiles aligned with the map's at each. */
export interface CogZooms {
  minzoom: number;
  maxzoom: number;
}

export interface WrittenCog extends CogZooms {
  tileFormat: ImageryTileFormat;
}

/** A coarser COG of a version: its file and the zooms it serves. */
export interface CoarserCog extends CogZooms {
  file: string;
}

interface CogInfo {
  metadata?: { TILING_SCHEME?: { ZOOM_LEVEL?: string } };
  bands: { overviews?: unknown[] }[];
}

/** Writes `source` (read with `format`'s drivers) to `target` as a web-map-tiled COG. */
export async function writeImageryCog(file: string, format: ImageryFormat, source: ImagerySource, givenCrs: string | undefined, target: string): Promise<WrittenCog> {
  const purpose = `tiling ${format.name}`;
  const args = [
    '-q', '--config', 'GDAL_CACHEMAX', String(GDAL_CACHE_MB), '--config', 'GDAL_NUM_THREADS', '2',
    '-of', 'COG',
    ...(givenCrs === undefined ? [] : ['-a_srs', givenCrs]),
    ...rgbaBands(source),
    '-co', 'TILING_SCHEME=GoogleMapsCompatible', '-co', 'BLOCKSIZE=256',
    ...COMPRESSION, '-co', 'SPARSE_OK=TRUE',
    '-co', `ALIGNED_LEVELS=${ALIGNED_LEVELS}`, '-co', 'RESAMPLING=BILINEAR', '-co', 'OVERVIEW_RESAMPLING=AVERAGE', '-co', 'BIGTIFF=IF_SAFER',
    file, target,
  ];
  await gdalToolOutput('gdal_translate', args, [...format.drivers, 'GTiff', 'COG'], purpose);
  return { tileFormat: 'jpeg', ...(await zoomsOf(target, ALIGNED_LEVELS, purpose)) };
}

/**
 * Writes the coarser COGs that serve `full` (a COG writeImageryCog wrote, `zooms` its own) below its
 * zooms, down to the first zoom where the image's footprint `bbox` is at most half a tile across:
 * `target(top)` names each. Four zooms a file, as in the first: each aligned level more pads a file to
 * twice the size, so one file down to a county's whole view would be mostly padding. They are made
 * from the first file (its overviews already hold the lower resolutions), GDAL reading it as GeoTIFF.
 */
export async function writeCoarserCogs(full: string, zooms: CogZooms, bbox: readonly [number, number, number, number], target: (top: number) => string): Promise<CoarserCog[]> {
  const purpose = 'tiling the lower zooms of the imagery';
  const lowest = Math.min(zooms.minzoom, lowestZoom(bbox, zooms.maxzoom));
  const written: CoarserCog[] = [];
  for (let top = zooms.minzoom - 1; top >= lowest; ) {
    const levels = Math.min(ALIGNED_LEVELS, top - lowest + 1);
    const file = target(top);
    const args = [
      '-q', '--config', 'GDAL_CACHEMAX', String(GDAL_CACHE_MB), '--config', 'GDAL_NUM_THREADS', '2',
      '-of', 'COG',
      '-co', 'TILING_SCHEME=GoogleMapsCompatible', '-co', `ZOOM_LEVEL=${top}`, '-co', 'BLOCKSIZE=256',
      ...COMPRESSION, '-co', 'SPARSE_OK=TRUE',
      '-co', `ALIGNED_LEVELS=${levels}`, '-co', 'RESAMPLING=AVERAGE', '-co', 'OVERVIEW_RESAMPLING=AVERAGE', '-co', 'BIGTIFF=IF_SAFER',
      full, file,
    ];
    // GDAL reads the first file's mask through a VRT of its own making as it resamples; no other VRT is read.
    await gdalToolOutput('gdal_translate', args, ['GTiff', 'COG', 'VRT'], purpose);
    const served = await zoomsOf(file, levels, purpose);
    written.push({ file, ...served });
    top = served.minzoom - 1;
  }
  return written;
}

/**
 * The lowest zoom an image of footprint `bbox` (lon/lat) is served at: the first, going down from
 * `maxzoom`, where its longer side in Web Mercator is at most SMALLEST_SIDE_PX map pixels.
 */
export function lowestZoom(bbox: readonly [number, number, number, number], maxzoom: number): number {
  const [west, south, east, north] = bbox;
  const mercatorY = (lat: number) => (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * HALF_WORLD) / Math.PI;
  const side = Math.max(((east - west) * HALF_WORLD) / 180, mercatorY(north) - mercatorY(south));
  let zoom = maxzoom;
  while (zoom > 0 && side / ((2 * HALF_WORLD) / (TILE_SIZE * 2 ** zoom)) > SMALLEST_SIDE_PX) zoom--;
  return zoom;
}

/** The zooms a COG GDAL wrote in the GoogleMapsCompatible tiling serves: its own and its aligned overviews'. */
async function zoomsOf(file: string, alignedLevels: number, purpose: string): Promise<CogZooms> {
  const info = JSON.parse(await gdalToolOutput('gdalinfo', ['-json', file], ['GTiff'], purpose)) as CogInfo;
  const maxzoom = Number(info.metadata?.TILING_SCHEME?.ZOOM_LEVEL);
  if (!Number.isInteger(maxzoom)) throw new Error(`${purpose}: GDAL wrote no zoom level for the tiled file`);
  const overviews = info.bands[0]?.overviews?.length ?? 0;
  // Overviews past the aligned levels do not line up with the map's tiles: they are not served.
  return { maxzoom, minzoom: maxzoom - Math.min(overviews, alignedLevels - 1) };
}

/**
 * gdal_translate's band choice: JPEG stores red, green and blue, so grey is repeated in the three
 * colours, a palette expanded, extra bands (near infrared) left out, and other data types than bytes
 * scaled to 0–255. Transparency, as the mask: the source's alpha band if it has one (a palette's
 * transparent entries included); else, where it declares a nodata value, its mask (0 where nodata),
 * as the file keeps no nodata value; else the COG driver makes one as it reprojects, clear beyond the image.
 */
function rgbaBands(source: ImagerySource): string[] {
  const { bands } = source;
  const first = bands[0];
  // An expanded palette's alpha becomes the mask as the COG driver writes JPEG (its own alpha left out).
  if (first?.colour === 'Palette') return first.paletteHasAlpha ? ['-expand', 'rgba', '-co', 'ADD_ALPHA=NO'] : ['-expand', 'rgb'];
  const scale = bands.some((band) => band.type !== 'Byte') ? ['-ot', 'Byte', '-scale'] : [];
  const alpha = bands.findIndex((band) => band.colour === 'Alpha') + 1;
  const colours = bands.length - (alpha > 0 ? 1 : 0);
  // Named red, green and blue: the COG driver writes JPEG as YCbCr only from those, and otherwise
  // reaches for GDAL's VRT driver, which the import keeps off (gdalSandbox.ts).
  const rgb = [...(colours >= 3 ? ['-b', '1', '-b', '2', '-b', '3'] : ['-b', '1', '-b', '1', '-b', '1']), '-colorinterp', 'red,green,blue'];
  if (alpha > 0) return [...scale, ...rgb, '-mask', String(alpha)];
  if (source.nodata !== null) return [...scale, ...rgb, '-mask', 'mask', '-a_nodata', 'none'];
  return [...scale, ...rgb];
}
