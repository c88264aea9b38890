// The formats read through GDAL's ogr2ogr, each from a real file: Cambridge's TopoJSON roads, and
// GeoPackage, File Geodatabase, KML/KMZ and CSV files written here (by ogr2ogr or by hand).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureCollection, fixtureDir, readWhole, squarePolygon, squareRing, writeFixture, zipFolder } from './testing/importFixtures.ts';

const OVERLAYS = path.resolve(import.meta.dirname, '../../../../shared/data/cambridge_ma_overlays');
const ROADS = path.join(OVERLAYS, 'roads_edge_of_pavement.topojson');
const WETLANDS = path.join(OVERLAYS, 'wetlands.geojson');

const LON = -71.1;
const LAT = 42.37;
const SIZE = 0.001;
const ogr2ogr = (...args: string[]) => execFileSync('ogr2ogr', args, { stdio: 'pipe' });
/** A square as GDAL writes it: 7 decimals. */
const square = (lon: number, lat: number) =>
  ({ type: 'Polygon', coordinates: [squareRing(lon, lat, SIZE).map((position) => position.map((value) => Math.round(value * 1e7) / 1e7))] });

/** Every position of every outline. */
const positions = (source: Awaited<ReturnType<typeof readWhole>>) =>
  source.features.flatMap(({ geometry }) => (geometry?.type === 'Polygon' ? [geometry.coordinates] : geometry?.type === 'MultiPolygon' ? geometry.coordinates : []).flat(2));

/** Inside the Cambridge parcels' extent (a little wider): lon/lat, not feet or metres. */
function expectInCambridge(source: Awaited<ReturnType<typeof readWhole>>) {
  const all = positions(source);
  expect(all.length).toBeGreaterThan(0);
  const outside = all.filter(([lon, lat]) => !(lon! > -71.17 && lon! < -71.05 && lat! > 42.34 && lat! < 42.41));
  expect(outside).toEqual([]);
}

describe('reading through GDAL', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fixtureDir();
  });
  afterEach(() => vi.unstubAllEnvs());

  it.skipIf(!existsSync(ROADS))("reads Cambridge's TopoJSON roads as a layer of polygons", async () => {
    const source = await readWhole(ROADS);
    expect(source).toMatchObject({ format: 'topojson', inLonLat: true });
    expect(source.features).toHaveLength(205);
    expect(source.features.every(({ geometry }) => geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon')).toBe(true);
    expect(new Set(source.features.map(({ properties }) => properties.TYPE))).toEqual(new Set(['RD-ALLEY', 'RD-BRIDGE', 'RD-PAVED', 'RD-TRAF-ISLAND', 'RD-UNPAVED']));
    expectInCambridge(source);
  });

  it('hands a .json holding TopoJSON to GDAL', async () => {
    const topology = {
      type: 'Topology',
      objects: { parcels: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[0]], properties: { PIN: 'T-1' } }] } },
      arcs: [squareRing(LON, LAT, SIZE)],
    };
    const source = await readWhole(await writeFixture(dir, 'topology.json', topology));
    expect(source.format).toBe('topojson');
    expect(source.features).toEqual([{ properties: { PIN: 'T-1' }, geometry: square(LON, LAT) }]);
  });

  it.skipIf(!existsSync(WETLANDS))('reprojects a GeoPackage in Massachusetts State Plane (ftUS) to lon/lat and names its CRS', async () => {
    const file = path.join(dir, 'wetlands-2249.gpkg');
    ogr2ogr('-f', 'GPKG', '-t_srs', 'EPSG:2249', file, WETLANDS);
    const source = await readWhole(file);
    expect(source).toMatchObject({ format: 'geopackage', crs: 'NAD83 / Massachusetts Mainland (ftUS)', inLonLat: true });
    expect(source.features).toHaveLength(31);
    expectInCambridge(source);
  });

  it('reads a File Geodatabase as a .gdb folder and zipped', async () => {
    const geojson = await writeFixture(dir, 'gdb-source.geojson', featureCollection([{ properties: { PIN: 'G-1' }, geometry: squarePolygon(LON, LAT, SIZE) }]));
    const gdb = path.join(dir, 'parcels.gdb');
    ogr2ogr('-f', 'OpenFileGDB', '-t_srs', 'EPSG:26986', gdb, geojson, '-nln', 'parcels');
    const zipped = await writeFixture(dir, 'parcels-gdb.zip', zipFolder(gdb));

    for (const file of [gdb, zipped]) {
      const source = await readWhole(file);
      expect(source).toMatchObject({ format: 'filegdb', crs: 'NAD83 / Massachusetts Mainland' });
      expect(source.features).toHaveLength(1);
      expect(source.features[0]!.properties.PIN).toBe('G-1');
      const [lon, lat] = positions(source)[0]!;
      expect(lon).toBeCloseTo(LON, 6);
      expect(lat).toBeCloseTo(LAT, 6);
    }
  });

  it('reads KML and KMZ placemarks with their extended data', async () => {
    const ring = squareRing(LON, LAT, SIZE).map(([lon, lat]) => `${lon},${lat}`).join(' ');
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>parcels</name>
<Placemark><name>K-1</name><ExtendedData><Data name="PIN"><value>K-1</value></Data><Data name="OWNER"><value>DOE JANE</value></Data></ExtendedData>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
</Document></kml>`;
    const kmlFile = await writeFixture(dir, 'parcels.kml', kml);
    const kmz = new AdmZip();
    kmz.addFile('doc.kml', Buffer.from(kml));
    const kmzFile = path.join(dir, 'parcels.kmz');
    kmz.writeZip(kmzFile);

    for (const [file, format] of [[kmlFile, 'kml'], [kmzFile, 'kmz']] as const) {
      const source = await readWhole(file);
      expect(source.format).toBe(format);
      expect(source.features).toHaveLength(1);
      expect(source.features[0]!.properties).toMatchObject({ PIN: 'K-1', OWNER: 'DOE JANE' });
      expect(source.features[0]!.geometry).toEqual(square(LON, LAT));
    }
  });

  it('reads a CSV with a WKT column, and one with longitude/latitude columns, keeping values as text', async () => {
    const wkt = await writeFixture(dir, 'parcels-wkt.csv', [
      'PIN,OWNER,WKT',
      `0123,DOE JANE,"POLYGON ((${squareRing(LON, LAT, SIZE).map(([lon, lat]) => `${lon} ${lat}`).join(', ')}))"`,
    ].join('\n'));
    const fromWkt = await readWhole(wkt);
    expect(fromWkt.format).toBe('csv');
    expect(fromWkt.features).toEqual([{ properties: { PIN: '0123', OWNER: 'DOE JANE' }, geometry: square(LON, LAT) }]);

    const points = await readWhole(await writeFixture(dir, 'points.csv', `PIN,Longitude,Latitude\nP-1,${LON},${LAT}\n`));
    expect(points.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [LON, LAT] });
  });

  it("without GDAL, names the package for GDAL's formats while GeoJSON and zipped Shapefiles still read", async () => {
    const geojson = await writeFixture(dir, 'plain.geojson', featureCollection([{ properties: { PIN: 'J-1' }, geometry: squarePolygon(LON, LAT, SIZE) }]));
    const gpkg = path.join(dir, 'plain.gpkg');
    ogr2ogr('-f', 'GPKG', gpkg, geojson);
    const shapefileDir = path.join(dir, 'shp');
    ogr2ogr('-f', 'ESRI Shapefile', shapefileDir, geojson, '-nln', 'plain');
    const zipped = await writeFixture(dir, 'plain-shp.zip', zipFolder(shapefileDir, { atTop: true }));

    vi.stubEnv('PATH', await fixtureDir());
    await expect(readWhole(gpkg)).rejects.toThrow("reading a GeoPackage needs GDAL's ogr2ogr and ogrinfo, which are not installed here: install the package gdal-bin");
    expect((await readWhole(geojson)).features).toHaveLength(1);
    expect((await readWhole(zipped)).features[0]!.properties.PIN).toBe('J-1');
  });
});
