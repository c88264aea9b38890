// Imagery files for tests: the real SPOT sample of Chicago (../shared/data/imagery, see its README) and
// small images generated from it with GDAL (a COG already in the web map's CRS, a JPEG with a world file).
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AdmZip from 'adm-zip';

/** SPOT panchromatic, one grey band, NAD27 / Illinois East in US survey feet (EPSG:26771). */
export const SPOT_CHICAGO = path.resolve(import.meta.dirname, '../../../../../shared/data/imagery/SP27GTIF.tiff');

/** Navy Pier, near the image's east edge. */
export const NAVY_PIER = { lon: -87.6, lat: 41.89 } as const;

/** The sample reprojected to lon/lat and written as a Cloud-Optimized GeoTIFF (not in the web map's tiling). */
export function writeGeneratedCog(dir: string): string {
  const file = path.join(dir, 'generated-cog.tif');
  execFileSync('gdalwarp', ['-q', '-t_srs', 'EPSG:4326', '-of', 'COG', '-co', 'COMPRESS=DEFLATE', SPOT_CHICAGO, file]);
  return file;
}

/**
 * The sample as a plain JPEG and its world file (.jgw), with no CRS of its own: the import must be
 * told it (EPSG:26771). The world file is written by hand, as a county's would come.
 */
export async function writeJpegWithWorldFile(dir: string): Promise<string> {
  const file = path.join(dir, 'chicago.jpg');
  execFileSync('gdal_translate', ['-q', '-of', 'JPEG', SPOT_CHICAGO, file]);
  // GDAL keeps the CRS beside the JPEG (.aux.xml): a county's JPEG has only its world file.
  await rm(`${file}.aux.xml`, { force: true });
  // Pixel size, rotations, and the centre of the top-left pixel (gdalinfo's geotransform moved by half a pixel).
  await writeFile(path.join(dir, 'chicago.jgw'), ['32.8', '0', '0', '-32.8', String(681480 + 16.4), String(1913050 - 16.4)].join('\n') + '\n');
  return file;
}

/** The sample as three bands (grey in each, as GDAL names them), the shape of most orthophotos and of the bench's. */
export function writeThreeBandImage(dir: string): string {
  const file = path.join(dir, 'three-band.tif');
  execFileSync('gdal_translate', ['-q', '-b', '1', '-b', '1', '-b', '1', '-co', 'TILED=YES', SPOT_CHICAGO, file]);
  return file;
}

/** The sample inside a frame of nodata (0) of its own, 300 m or more wide: transparent once imported. */
export function writeFramedWithNodata(dir: string): string {
  const file = path.join(dir, 'framed.tif');
  execFileSync('gdalwarp', ['-q', '-te', '671480', '1873050', '719408', '1923050', '-dstnodata', '0', SPOT_CHICAGO, file]);
  return file;
}

/** Where the frame is: west of the image, inside the framed file. */
export const IN_THE_FRAME = { lon: -87.68, lat: 41.9 } as const;

/** A GDAL virtual raster named .tif: opened as it is, it would read whatever file it names. */
export async function writeVrtNamedTif(dir: string): Promise<string> {
  const file = path.join(dir, 'innocent.tif');
  await writeFile(
    file,
    `<VRTDataset rasterXSize="10" rasterYSize="10"><VRTRasterBand dataType="Byte" band="1"><SimpleSource><SourceFilename relativeToVRT="0">/etc/passwd</SourceFilename></SimpleSource></VRTRasterBand></VRTDataset>\n`,
  );
  return file;
}

/**
 * The sample cut into 4 GeoTIFF tiles (2 × 2, `gdal_translate -srcwin`) in a folder of their own, as a
 * county publishes its orthophoto, with a file beside them that is not a tile (a README).
 */
export async function writeTileFolder(dir: string): Promise<string> {
  const folder = path.join(dir, 'ortho-tiles');
  await mkdir(folder, { recursive: true });
  const windows = [[0, 0, 350, 465], [350, 0, 349, 465], [0, 465, 350, 464], [350, 465, 349, 464]];
  windows.forEach(([x, y, width, height], index) => {
    execFileSync('gdal_translate', ['-q', '-srcwin', String(x), String(y), String(width), String(height), SPOT_CHICAGO, path.join(folder, `tile-${index + 1}.tif`)]);
  });
  await writeFile(path.join(folder, 'README.txt'), 'Orthophoto tiles, 2 × 2\n');
  return folder;
}

/** The same tiles zipped, in a folder inside the zip. */
export function zipOf(folder: string, file: string): string {
  const zip = new AdmZip();
  zip.addLocalFolder(folder, 'ortho');
  zip.writeZip(file);
  return file;
}
