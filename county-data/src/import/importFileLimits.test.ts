import { deflateRawSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import type { Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import { parseImportMapping } from './importMapping.ts';
import { prepareOverlay } from './importOverlay.ts';
import { parseOverlayMapping } from './overlayMapping.ts';
import { validateImport } from './importParcels.ts';
import { DEFAULT_IMPORT_FILE_LIMITS, importFileLimitsFromEnv, type ImportFileLimits } from './importFileLimits.ts';
import { readParcelSource } from './readParcelSource.ts';
import { featureCollection, fixtureDir, readWhole, squarePolygon, writeFixture } from './testing/importFixtures.ts';
import { zipShapefile, type ShapefilePolygon } from './testing/shapefileWriter.ts';

const GIB = 1024 ** 3;
const mapping = parseImportMapping({ dataset: { sourceName: 'limits test', licence: 'none' }, fields: { PIN: 'PIN' } });
const lots = (count: number): ShapefilePolygon[] =>
  Array.from({ length: count }, (_, i) => ({
    rings: [[[-80.861 + i * 0.001, 35.619], [-80.861 + i * 0.001, 35.6195], [-80.8605 + i * 0.001, 35.6195], [-80.8605 + i * 0.001, 35.619], [-80.861 + i * 0.001, 35.619]]],
    properties: { PIN: `L-${i}` },
  }));
const zipOf = (count: number) => zipShapefile('lots', lots(count), [{ name: 'PIN', type: 'C', length: 12 }]);

/**
 * The zip with the uncompressed size of `entrySuffix`'s entry rewritten to `declaredBytes`, in its
 * central directory and its local header, as a zip bomb's would read: its data stays as it was.
 */
function withDeclaredSize(zip: Buffer, entrySuffix: string, declaredBytes: number): Buffer {
  const forged = Buffer.from(zip);
  for (let at = 0; at < forged.length - 46; at++) {
    const signature = forged.readUInt32LE(at);
    if (signature === 0x02014b50) {
      const name = forged.toString('utf8', at + 46, at + 46 + forged.readUInt16LE(at + 28));
      if (name.endsWith(entrySuffix)) forged.writeUInt32LE(declaredBytes, at + 24);
    } else if (signature === 0x04034b50) {
      const name = forged.toString('utf8', at + 30, at + 30 + forged.readUInt16LE(at + 26));
      if (name.endsWith(entrySuffix)) forged.writeUInt32LE(declaredBytes, at + 22);
    }
  }
  return forged;
}

describe('import file limits', () => {
  it('refuses a zip whose .shp declares 1 GiB before inflating anything, naming the limit', async () => {
    const small = zipOf(3);
    expect(small.length).toBeLessThan(4096);
    const file = await writeFixture(await fixtureDir(), 'bomb.zip', withDeclaredSize(small, '.shp', GIB));
    await expect(readParcelSource(file, undefined, DEFAULT_IMPORT_FILE_LIMITS)).rejects.toThrow(/lots\.shp declares 1,024 MB from \d+ compressed bytes, more than 200 times its size \(IMPORT_MAX_ZIP_RATIO\)/);
    await expect(readParcelSource(file, undefined, { ...DEFAULT_IMPORT_FILE_LIMITS, maxUnzippedBytes: 512 * 1024 ** 2 })).rejects.toThrow(
      'the zip declares 1,025 MB once unzipped, more than the 512 MB allowed (IMPORT_MAX_UNZIPPED_MB)',
    );
  });

  it('reads the same zip with its true sizes', async () => {
    const file = await writeFixture(await fixtureDir(), 'honest.zip', zipOf(3));
    expect((await readWhole(file)).features).toHaveLength(3);
  });

  it('refuses a file with more features than allowed, a zipped Shapefile and GeoJSON alike', async () => {
    const limits: ImportFileLimits = { ...DEFAULT_IMPORT_FILE_LIMITS, maxFeaturesPerFile: 10 };
    const dir = await fixtureDir();
    const zipped = await writeFixture(dir, 'eleven.zip', zipOf(11));
    await expect(readWhole(zipped, undefined, limits)).rejects.toThrow('the file holds more features than the 10 allowed per file (IMPORT_MAX_FEATURES)');
    const geojson = await writeFixture(dir, 'eleven.geojson', featureCollection(Array.from({ length: 11 }, (_, i) => ({ properties: { PIN: `G-${i}` }, geometry: squarePolygon(-80.86 + i * 0.001, 35.62, 0.0004) }))));
    await expect(readWhole(geojson, undefined, limits)).rejects.toThrow('the file holds more features than the 10 allowed per file (IMPORT_MAX_FEATURES)');
    expect((await readWhole(await writeFixture(dir, 'ten.zip', zipOf(10)), undefined, limits)).features).toHaveLength(10);
  });

  it('rejects a polygon with more vertices than allowed as bad geometry, naming the limit, and keeps the others', async () => {
    const limits = { ...DEFAULT_IMPORT_FILE_LIMITS, maxVerticesPerFeature: 1000 };
    const vertices = limits.maxVerticesPerFeature + 1;
    // A circle of `vertices` positions, the first repeated to close it.
    const ring = Array.from({ length: vertices }, (_, i) => {
      const angle = (2 * Math.PI * i) / (vertices - 1);
      return [-80.86 + 0.001 * Math.cos(angle), 35.62 + 0.001 * Math.sin(angle)];
    });
    ring[vertices - 1] = ring[0]!;
    const features = [
      { properties: { PIN: 'HUGE-1' }, geometry: { type: 'Polygon' as const, coordinates: [ring] } },
      ...Array.from({ length: 30 }, (_, i) => ({ properties: { PIN: `OK-${i}` }, geometry: squarePolygon(-80.85 + i * 0.001, 35.62, 0.0004) })),
    ];
    const file = await writeFixture(await fixtureDir(), 'huge.geojson', featureCollection(features));
    const { report } = await validateImport(null, { file, mapping, dryRun: true, limits });
    expect(report.imported).toBe(30);
    expect(report.rejections).toEqual([
      { feature: 1, pin: 'HUGE-1', reason: 'bad geometry', detail: '1,001 vertices, more than the 1,000 allowed per feature (IMPORT_MAX_VERTICES_PER_FEATURE)' },
    ]);
  });

  it('reads each limit from the environment', () => {
    expect(importFileLimitsFromEnv({})).toEqual(DEFAULT_IMPORT_FILE_LIMITS);
    expect(
      importFileLimitsFromEnv({ IMPORT_MAX_UNZIPPED_MB: '100', IMPORT_MAX_ZIP_RATIO: '50', IMPORT_MAX_FEATURES: '1000', IMPORT_MAX_VERTICES_PER_FEATURE: '500' }),
    ).toEqual({ maxUnzippedBytes: 100 * 1024 ** 2, maxZipRatio: 50, maxFeaturesPerFile: 1000, maxVerticesPerFeature: 500 });
    expect(() => importFileLimitsFromEnv({ IMPORT_MAX_FEATURES: 'many' })).toThrow(/IMPORT_MAX_FEATURES/);
  });
});

describe('import file limits on overlays and on the zips GDAL inflates', () => {
  const overlayMapping = parseOverlayMapping({ overlay: { sourceName: 'limits test', licence: 'none' } });
  const limits: ImportFileLimits = { ...DEFAULT_IMPORT_FILE_LIMITS, maxFeaturesPerFile: 10, maxVerticesPerFeature: 1000 };
  const overlayOf = async (name: string, geometries: Geometry[]) =>
    prepareOverlay({
      file: await writeFixture(await fixtureDir(), `${name}.geojson`, featureCollection(geometries.map((geometry, i) => ({ properties: { ID: i }, geometry })))),
      name,
      mapping: overlayMapping,
      limits,
    });
  /** `count` positions along a line from lon/lat, 1/10,000 of a degree apart. */
  const positions = (count: number, lon = -80.86, lat = 35.62) => Array.from({ length: count }, (_, i) => [lon + i * 1e-4, lat + (i % 2) * 1e-4]);

  it('refuses an overlay of more features than allowed, naming the limit', async () => {
    const squares = Array.from({ length: 11 }, (_, i) => squarePolygon(-80.86 + i * 0.001, 35.62, 0.0004));
    await expect(overlayOf('eleven', squares)).rejects.toThrow('the file holds more features than the 10 allowed per file (IMPORT_MAX_FEATURES)');
    expect((await overlayOf('ten', squares.slice(0, 10))).report.imported).toBe(10);
  });

  it("rejects an overlay's polygon, line or points of more vertices than allowed, naming the limit, and keeps the others", async () => {
    const tooMany = '1,001 vertices, more than the 1,000 allowed per feature (IMPORT_MAX_VERTICES_PER_FEATURE)';
    const circle = positions(1000).map(([lon, lat], i) => [lon! + 0.01 * Math.cos(i / 159), lat! + 0.01 * Math.sin(i / 159)]);
    const cases: [string, Geometry, Geometry][] = [
      ['polygons', { type: 'Polygon', coordinates: [[...circle, circle[0]!]] }, squarePolygon(-80.85, 35.62, 0.0004)],
      ['lines', { type: 'LineString', coordinates: positions(1001) }, { type: 'LineString', coordinates: positions(1000) }],
      ['multilines', { type: 'MultiLineString', coordinates: [positions(500), positions(501)] }, { type: 'MultiLineString', coordinates: [positions(500), positions(500)] }],
      ['points', { type: 'MultiPoint', coordinates: positions(1001) }, { type: 'MultiPoint', coordinates: positions(1000) }],
    ];
    for (const [name, huge, allowed] of cases) {
      const { report } = await overlayOf(name, [huge, ...Array.from({ length: 9 }, () => allowed)]);
      expect(report.rejections, name).toEqual([{ feature: 1, detail: tooMany }]);
      expect(report.imported, name).toBe(9);
    }
  });

  it('refuses a KMZ inflating far beyond its size before GDAL opens it, as any zip', async () => {
    // 300 MB of KML from a few hundred KB, as the attack's was: here 40 MB of spaces in one placemark.
    const kml = Buffer.concat([Buffer.from('<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>'), Buffer.alloc(40 * 1024 ** 2, ' '), Buffer.from('</name></Placemark></Document></kml>')]);
    const zip = new AdmZip();
    zip.addFile('doc.kml', kml);
    const dir = await fixtureDir();
    const bomb = await writeFixture(dir, 'bomb.kmz', zip.toBuffer());
    await expect(readWhole(bomb)).rejects.toThrow(/bomb\.kmz: doc\.kml declares 41 MB from [\d,]+ compressed bytes, more than 200 times its size \(IMPORT_MAX_ZIP_RATIO\)/);
    await expect(readWhole(bomb, undefined, { ...DEFAULT_IMPORT_FILE_LIMITS, maxZipRatio: 100_000, maxUnzippedBytes: 16 * 1024 ** 2 })).rejects.toThrow(
      'bomb.kmz: the zip declares 41 MB once unzipped, more than the 16 MB allowed (IMPORT_MAX_UNZIPPED_MB)',
    );
    expect(deflateRawSync(kml).length).toBeLessThan(kml.length / 200);
  });

  it('refuses a KMZ declaring more than it holds, before GDAL opens it', async () => {
    const zip = new AdmZip();
    zip.addFile('doc.kml', Buffer.from('<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>'));
    const forged = await writeFixture(await fixtureDir(), 'forged.kmz', withDeclaredSize(zip.toBuffer(), 'doc.kml', GIB));
    await expect(readWhole(forged)).rejects.toThrow(/forged\.kmz: doc\.kml declares 1,024 MB from \d+ compressed bytes, more than 200 times its size \(IMPORT_MAX_ZIP_RATIO\)/);
  });
});
