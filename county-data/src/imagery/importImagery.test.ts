// Imagery imports on the real SPOT image of Chicago (NAD27 / Illinois East, US survey feet, one grey
// band), a generated COG and a JPEG with a world file; a VRT named .tif refused; versions. Run on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { imageryVersionFiles, listImageryVersions } from '../publish/imageryVersions.ts';
import { importImagery } from './importImagery.ts';
import {
  IN_THE_FRAME, NAVY_PIER, SPOT_CHICAGO, writeFramedWithNodata, writeGeneratedCog, writeJpegWithWorldFile, writeThreeBandImage, writeTileFolder, writeVrtNamedTif, zipOf,
} from './testing/imageryFixtures.ts';

describe.skipIf(!existsSync(SPOT_CHICAGO))('imagery imports', () => {
  let db: Db;
  let dir: string;
  let imageryDir: string;
  beforeAll(async () => {
    db = await openTestDb();
    dir = await mkdtemp(path.join(tmpdir(), 'imagery-import-'));
    imageryDir = path.join(dir, 'imagery');
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const contains = (bbox: number[], { lon, lat }: { lon: number; lat: number }) => bbox[0]! < lon && lon < bbox[2]! && bbox[1]! < lat && lat < bbox[3]!;

  /** The current version's mask at `at`, as stored: 255 where the layer has the image, 0 where it is transparent. */
  const storedCoverage = async (name: string, at: { lon: number; lat: number }) => {
    const stored = path.join(imageryDir, (await listImageryVersions(db)).find((row) => row.name === name && row.current)!.file);
    const mask = path.join(dir, `${name}-mask.vrt`);
    execFileSync('gdal_translate', ['-q', '-of', 'VRT', '-b', 'mask', stored, mask]);
    return Number(execFileSync('gdallocationinfo', ['-valonly', '-wgs84', mask, String(at.lon), String(at.lat)], { encoding: 'utf8' }).trim());
  };

  it('imports the SPOT image of Chicago from NAD27 state plane feet: over Chicago, with the report of what it is', async () => {
    const report = await importImagery(db, { file: SPOT_CHICAGO, name: 'spot-chicago', label: 'SPOT 10 m', imageryDir });
    expect(report).toMatchObject({
      imagery: { name: 'spot-chicago', label: 'SPOT 10 m', version: 1 },
      format: 'GTiff/GeoTIFF',
      crs: 'NAD27 / Illinois East',
      resolution: '32.8 US survey foot',
      width: 699,
      height: 929,
      bands: 1,
      nodata: null,
      tileFormat: 'jpeg',
      maxzoom: 14,
      // Its COG serves z11–z14; a coarser one z10, where the 7 × 9 km image is under half a tile across.
      minzoom: 10,
    });
    expect(contains(report.bbox, NAVY_PIER)).toBe(true);
    // The README's corners, to a few metres (the NAD27 shift is 10–20 m here).
    expect(report.bbox[0]).toBeCloseTo(-87.6674, 3);
    expect(report.bbox[3]).toBeCloseTo(41.9171, 3);
    const stored = path.join(imageryDir, (await listImageryVersions(db))[0]!.file);
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', stored], { encoding: 'utf8' })) as { bands: { mask?: { flags: string[] } }[]; metadata: Record<string, Record<string, string>> };
    expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ COMPRESSION: 'YCbCr JPEG', LAYOUT: 'COG' });
    expect(info.metadata.TILING_SCHEME).toMatchObject({ NAME: 'GoogleMapsCompatible', ZOOM_LEVEL: '14' });
    // Grey repeated in red, green and blue, and a mask of where the image is.
    expect(info.bands).toHaveLength(3);
    expect(info.bands[0]!.mask?.flags).toEqual(['PER_DATASET']);
    expect(await storedCoverage('spot-chicago', NAVY_PIER)).toBe(255);
  }, 60_000);

  it('writes a coarser COG for the zooms below the first one\'s, down to where the image is half a tile across', async () => {
    const row = (await listImageryVersions(db)).find((version) => version.name === 'spot-chicago' && version.version === 1)!;
    expect(row).toMatchObject({ minzoom: 10, maxzoom: 14, lowerFiles: [{ file: expect.stringMatching(/^spot-chicago\/.*\.z10\.tif$/), minzoom: 10, maxzoom: 10 }] });
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', path.join(imageryDir, row.lowerFiles[0]!.file)], { encoding: 'utf8' })) as { size: number[]; metadata: Record<string, Record<string, string>> };
    expect(info.metadata.TILING_SCHEME).toMatchObject({ NAME: 'GoogleMapsCompatible', ZOOM_LEVEL: '10', ALIGNED_LEVELS: '1' });
    // The whole image in one map tile at z10.
    expect(info.size).toEqual([256, 256]);
  });

  it('imports it again as version 2, current; the files of both versions are kept', async () => {
    const report = await importImagery(db, { file: SPOT_CHICAGO, name: 'spot-chicago', label: 'SPOT 10 m (again)', imageryDir });
    expect(report.imagery.version).toBe(2);
    const versions = (await listImageryVersions(db)).filter((row) => row.name === 'spot-chicago');
    expect(versions.map(({ version, current, label }) => ({ version, current, label }))).toEqual([
      { version: 2, current: true, label: 'SPOT 10 m (again)' },
      { version: 1, current: false, label: 'SPOT 10 m' },
    ]);
    expect((await readdir(path.join(imageryDir, 'spot-chicago'))).sort()).toEqual(versions.flatMap(imageryVersionFiles).map((file) => path.basename(file)).sort());
  }, 60_000);

  it('removes the files of a version no longer kept (the current one and the two before it are)', async () => {
    await importImagery(db, { file: SPOT_CHICAGO, name: 'spot-chicago', imageryDir });
    await importImagery(db, { file: SPOT_CHICAGO, name: 'spot-chicago', imageryDir });
    const versions = (await listImageryVersions(db)).filter((row) => row.name === 'spot-chicago');
    expect(versions.map((row) => row.version)).toEqual([4, 3, 2]);
    expect((await readdir(path.join(imageryDir, 'spot-chicago'))).sort()).toEqual(versions.flatMap(imageryVersionFiles).map((file) => path.basename(file)).sort());
  }, 90_000);

  it('imports a COG in lon/lat', async () => {
    const report = await importImagery(db, { file: writeGeneratedCog(dir), name: 'generated-cog', imageryDir });
    expect(report).toMatchObject({ imagery: { version: 1, label: 'generated-cog' }, crs: 'WGS 84', resolution: expect.stringMatching(/ degree$/), maxzoom: 14 });
    expect(contains(report.bbox, NAVY_PIER)).toBe(true);
  }, 60_000);

  it('imports an image of three bands, as most orthophotos come, as JPEG with its mask', async () => {
    const report = await importImagery(db, { file: writeThreeBandImage(dir), name: 'three-band', imageryDir });
    expect(report).toMatchObject({ bands: 3, tileFormat: 'jpeg', maxzoom: 14 });
    expect(await storedCoverage('three-band', NAVY_PIER)).toBe(255);
  }, 60_000);

  it('makes nodata transparent: the stored file keeps no nodata value, so the source\'s nodata becomes its mask', async () => {
    const report = await importImagery(db, { file: writeFramedWithNodata(dir), name: 'framed', imageryDir });
    expect(report).toMatchObject({ nodata: '0', bands: 1 });
    expect(await storedCoverage('framed', IN_THE_FRAME)).toBe(0);
    expect(await storedCoverage('framed', NAVY_PIER)).toBe(255);
  }, 60_000);

  it('imports a JPEG placed by its world file, in the CRS given, and asks for one when none is given', async () => {
    const jpeg = await writeJpegWithWorldFile(dir);
    await expect(importImagery(db, { file: jpeg, name: 'jpeg-chicago', imageryDir })).rejects.toThrow('does not say which coordinate system it is in: give it with --crs');
    const report = await importImagery(db, { file: jpeg, name: 'jpeg-chicago', crs: 'EPSG:26771', imageryDir });
    expect(report).toMatchObject({ format: 'JPEG/JPEG JFIF', crs: 'EPSG:26771', bands: 1, maxzoom: 14 });
    expect(report.bbox[0]).toBeCloseTo(-87.6674, 3);
    expect(report.bbox[3]).toBeCloseTo(41.9171, 3);
  }, 60_000);

  it('refuses a GDAL virtual raster named .tif before GDAL opens it, and leaves nothing behind', async () => {
    const before = await listImageryVersions(db);
    await expect(importImagery(db, { file: await writeVrtNamedTif(dir), name: 'innocent', imageryDir })).rejects.toThrow(
      'named as GeoTIFF (.tif) but it holds a GDAL virtual source (VRT XML), which would read other files, addresses or databases: refused',
    );
    expect(await listImageryVersions(db)).toEqual(before);
    expect(existsSync(path.join(imageryDir, 'innocent'))).toBe(false);
  });

  it('refuses a CRS given as a file name and a name that is not a slug', async () => {
    await expect(importImagery(db, { file: SPOT_CHICAGO, name: 'x', crs: '/etc/passwd', imageryDir })).rejects.toThrow('--crs: it must be an EPSG or ESRI code');
    await expect(importImagery(db, { file: SPOT_CHICAGO, name: 'Not A Slug', imageryDir })).rejects.toThrow("'Not A Slug' is not an imagery name");
  });


  it('imports a folder of orthophoto tiles as one image, mosaicked: the whole of it, the same place as the single file', async () => {
    const folder = await writeTileFolder(dir);
    const report = await importImagery(db, { file: folder, name: 'tiled', imageryDir });
    expect(report).toMatchObject({ format: '4 GeoTIFF tiles mosaicked (VRT/Virtual Raster)', width: 699, height: 929, crs: 'NAD27 / Illinois East', maxzoom: 14, minzoom: 10 });
    // The four tiles together: the sample's 650 KB of pixels, not the folder's own few bytes.
    expect(report.sourceBytes).toBeGreaterThan(600_000);
    const single = (await listImageryVersions(db)).find((row) => row.name === 'spot-chicago' && row.current)!;
    report.bbox.forEach((value, index) => expect(value).toBeCloseTo(single.bbox[index]!, 4));
    // Pixels from each of the four tiles: the pier (north-east), and the other three corners' insides.
    const [west, south, east, north] = report.bbox;
    for (const at of [NAVY_PIER, { lon: west + 0.01, lat: north - 0.01 }, { lon: west + 0.01, lat: south + 0.01 }, { lon: east - 0.01, lat: south + 0.01 }]) {
      expect(await storedCoverage('tiled', at), JSON.stringify(at)).toBe(255);
    }
    // Nothing of the mosaic left behind: only the layers' folders.
    expect((await readdir(imageryDir)).filter((entry) => entry.startsWith('.'))).toEqual([]);
  }, 90_000);

  it('imports a .zip of the tiles, in a folder inside it, as the folder', async () => {
    const zip = zipOf(await writeTileFolder(path.join(dir, 'for-zip')), path.join(dir, 'ortho-tiles.zip'));
    const report = await importImagery(db, { file: zip, name: 'zipped', imageryDir });
    expect(report).toMatchObject({ format: '4 GeoTIFF tiles mosaicked (VRT/Virtual Raster)', width: 699, height: 929, minzoom: 10, maxzoom: 14 });
    expect(await storedCoverage('zipped', NAVY_PIER)).toBe(255);
    expect((await readdir(imageryDir)).filter((entry) => entry.startsWith('.'))).toEqual([]);
  }, 90_000);

  it('refuses a tile set with a GDAL virtual raster named as a tile, tiles of two formats, or no tiles, leaving nothing behind', async () => {
    const before = await listImageryVersions(db);
    const disguised = await writeTileFolder(path.join(dir, 'disguised'));
    await copyFile(await writeVrtNamedTif(path.join(dir, 'disguised')), path.join(disguised, 'tile-5.tif'));
    await expect(importImagery(db, { file: disguised, name: 'disguised', imageryDir })).rejects.toThrow(
      'tile-5.tif: named as GeoTIFF (.tif) but it holds a GDAL virtual source (VRT XML), which would read other files, addresses or databases: refused',
    );
    const mixed = await writeTileFolder(path.join(dir, 'mixed'));
    await copyFile(await writeJpegWithWorldFile(path.join(dir, 'mixed')), path.join(mixed, 'tile-5.jpg'));
    await copyFile(path.join(dir, 'mixed', 'chicago.jgw'), path.join(mixed, 'tile-5.jgw'));
    await expect(importImagery(db, { file: mixed, name: 'mixed', imageryDir })).rejects.toThrow('its tiles are of one format to be mosaicked, and tile-5.jpg is JPEG with a world file where tile-1.tif is GeoTIFF');
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    await writeFile(path.join(empty, 'README.txt'), 'no tiles here\n');
    await expect(importImagery(db, { file: empty, name: 'empty', imageryDir })).rejects.toThrow('holds no imagery tiles (.tif .tiff .jp2 .j2k .jpg .jpeg .png files)');
    const notAZip = path.join(dir, 'not-a.zip');
    await writeFile(notAZip, '<VRTDataset/>');
    await expect(importImagery(db, { file: notAZip, name: 'nozip', imageryDir })).rejects.toThrow('named as a zip (.zip) but it is not one: refused');
    expect(await listImageryVersions(db)).toEqual(before);
    expect((await readdir(imageryDir)).filter((entry) => ['disguised', 'mixed', 'empty', 'nozip'].includes(entry) || entry.startsWith('.'))).toEqual([]);
  }, 90_000);

  it("refuses the name of an imagery service the Data page added: both would be the base map 'imagery-<name>'", async () => {
    await db.query(
      `INSERT INTO imagery_services (name, kind, url, tiles, label, west, south, east, north, minzoom, maxzoom)
       VALUES ('county-ortho', 'xyz', 'https://tiles.county.example/{z}/{x}/{y}.png', 'https://tiles.county.example/{z}/{x}/{y}.png', 'County ortho', -88, 41, -87, 42, 0, 19)`,
    );
    try {
      const before = await listImageryVersions(db);
      await expect(importImagery(db, { file: SPOT_CHICAGO, name: 'county-ortho', imageryDir })).rejects.toThrow(
        "'county-ortho' is the name of an imagery service on the Data page: give the imported imagery another name",
      );
      expect(await listImageryVersions(db)).toEqual(before);
      expect(existsSync(path.join(imageryDir, 'county-ortho'))).toBe(false);
    } finally {
      await db.query("DELETE FROM imagery_services WHERE name = 'county-ortho'");
    }
  });
});
