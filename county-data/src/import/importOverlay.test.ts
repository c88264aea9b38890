// Overlay layers on the real files (issue #23 points 5 and 8): Cambridge's zoning, flood zones, water,
// wetlands and TopoJSON roads, Mecklenburg's lakes, railroads and tax-exempt points; then versions,
// rollback and removal, and what a file that is not one overlay gets. Run on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { listOverlayVersions, removeOverlay, rollbackOverlay } from '../publish/overlayVersions.ts';
import { importOverlay } from './importOverlay.ts';
import { CATEGORICAL_PALETTE } from './overlayLegend.ts';
import { defaultOverlayMapping, readOverlayMapping } from './overlayMapping.ts';
import { CAMBRIDGE_OVERLAYS_DIR, featureCollection, fixtureDir, MECKLENBURG_DIR, OVERLAY_MAPPINGS_DIR, squarePolygon, writeFixture } from './testing/importFixtures.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';

const cambridge = (file: string) => path.join(CAMBRIDGE_OVERLAYS_DIR, file);
const mecklenburg = (file: string) => path.join(MECKLENBURG_DIR, file);
const plain = (file: string) => defaultOverlayMapping(path.basename(file));

describe.skipIf(!existsSync(CAMBRIDGE_OVERLAYS_DIR) || !existsSync(MECKLENBURG_DIR))('overlays from the real files', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  const properties = async (name: string, feature: number) => {
    const { rows } = await db.query<{ properties: Record<string, unknown>; geometry: { type: string } }>(
      'SELECT f.properties, f.geometry FROM overlay_features f JOIN overlays o ON o.id = f.overlay_id WHERE o.name = $1 AND o.is_current AND f.feature = $2',
      [name, feature],
    );
    return rows[0];
  };

  it.each([
    ['zoning', cambridge('zoning_districts.geojson'), 'polygon', 261],
    ['wetlands', cambridge('wetlands.geojson'), 'polygon', 31],
    ['lakes', mecklenburg('catawba_river.geojson'), 'polygon', 114],
    ['railroads', mecklenburg('railroads.geojson'), 'line', 364],
    ['tax-exempt', mecklenburg('tax_exempt_properties.geojson'), 'point', 14_816],
  ])('imports %s from %s, every feature, as %ss', async (name, file, geometryType, features) => {
    const report = await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name, mapping: plain(file) });
    expect(report).toMatchObject({ refusal: null, features, imported: features, rejected: 0, overlay: { name, version: 1, geometryType } });
  }, 60_000);

  it('keeps every property of a feature, its geometry in lon/lat', async () => {
    expect(await properties('tax-exempt', 1)).toEqual({ properties: { parcel_id: '00331428', txt_exemption_desc: 'TOWNSHIP' }, geometry: expect.objectContaining({ type: 'Point' }) });
    expect((await properties('zoning', 1))!.properties).toMatchObject({ ZONE_TYPE: 'C-3', ZCODE: 3 });
  });

  it('imports the Cambridge flood zones, water bodies and TopoJSON roads through their bundled mappings', async () => {
    const flood = await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: cambridge('fema_floodplains_100_year.geojson'), name: 'flood-zones', mapping: await readOverlayMapping(path.join(OVERLAY_MAPPINGS_DIR, 'cambridge_flood_zones.json')) });
    expect(flood).toMatchObject({ refusal: null, features: 21, imported: 21, overlay: { label: 'Flood zones (FEMA 100-year)', geometryType: 'polygon', context: null } });
    const water = await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: cambridge('water_bodies.geojson'), name: 'water', mapping: await readOverlayMapping(path.join(OVERLAY_MAPPINGS_DIR, 'cambridge_water_bodies.json')) });
    expect(water).toMatchObject({ refusal: null, features: 74, imported: 74, overlay: { context: 'water' } });
    // TopoJSON goes through GDAL; a few road surfaces cross themselves and are repaired, none dropped.
    const roads = await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: cambridge('roads_edge_of_pavement.topojson'), name: 'roads', mapping: await readOverlayMapping(path.join(OVERLAY_MAPPINGS_DIR, 'cambridge_roads.json')) });
    expect(roads).toMatchObject({ refusal: null, format: 'topojson', features: 205, imported: 205, overlay: { context: 'roads', geometryType: 'polygon' } });
    expect(roads.repaired).toBeGreaterThan(0);

    const current = (await listOverlayVersions(db)).find((row) => row.name === 'flood-zones')!;
    expect(current).toMatchObject({
      current: true, features: 21, label: 'Flood zones (FEMA 100-year)',
      // The mapping colours A, AE, AH, AO, VE, X…: the layer holds only AE.
      style: { colour: '#74a9cf', byAttribute: { attribute: 'fld_zone', colours: { AE: '#332288' } } },
      legend: { attribute: 'fld_zone', entries: [{ value: 'AE', label: '1% annual chance flood, base flood elevation determined', colour: '#332288', features: 21 }], others: 0 },
      shownAttributes: ['fld_zone', 'zone_subty', 'static_bfe', 'sfha_tf', 'study_typ'],
    });
    expect(current.fields.map(({ key, label, unit }) => [key, label, unit])).toEqual([
      ['fld_zone', 'Flood zone', undefined],
      ['zone_subty', 'Zone subtype', undefined],
      ['static_bfe', 'Base flood elevation', 'ft (NAVD 88)'],
      ['sfha_tf', 'Special flood hazard area', undefined],
      ['study_typ', 'Study type', undefined],
    ]);
    expect(current.fields[0]!.codes).toMatchObject({ AE: '1% annual chance flood, base flood elevation determined', VE: expect.any(String), X: expect.stringContaining('0.2% annual chance'), D: expect.any(String) });
    // FEMA's -9999 ("no base flood elevation") is stored as missing; a real elevation is kept.
    const elevations = (await db.query<{ bfe: number | null }>(
      "SELECT (f.properties->'static_bfe')::float8 AS bfe FROM overlay_features f JOIN overlays o ON o.id = f.overlay_id WHERE o.name = 'flood-zones' AND o.is_current",
    )).rows.map((row) => row.bfe);
    expect(elevations.filter((bfe) => bfe === null)).toHaveLength(18);
    expect(elevations.filter((bfe) => bfe !== null)).toEqual([3.5, 3.5, 3.5]);
    // Inside Cambridge's parcels' bounding box.
    const [west, south, east, north] = current.bbox!;
    expect(west).toBeGreaterThan(-71.17);
    expect(east).toBeLessThan(-71.06);
    expect(south).toBeGreaterThan(42.35);
    expect(north).toBeLessThan(42.41);
  }, 120_000);

  it.each([
    ['railroads-by-name', mecklenburg('railroads.geojson'), 'name'],
    ['lakes-by-name', mecklenburg('catawba_river.geojson'), 'name'],
    ['tax-exempt-by-kind', mecklenburg('tax_exempt_properties.geojson'), 'txt_exemption_desc'],
    ['zoning-by-type', cambridge('zoning_districts.geojson'), 'ZONE_TYPE'],
  ])('gives %s, from %s, a legend of exactly the values its features hold of %s, each its own colour', async (name, file, attribute) => {
    const mapping = { ...plain(file), style: { colour: '#7b3294', byAttribute: { attribute, colours: {} } } };
    await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name, mapping });
    const held = new Map<string, number>();
    let none = 0;
    for (const { properties } of (JSON.parse(await readFile(file, 'utf8')) as { features: { properties: Record<string, unknown> }[] }).features) {
      const value = properties[attribute];
      if (typeof value === 'string' && value.trim() !== '') held.set(value, (held.get(value) ?? 0) + 1);
      else none += 1;
    }
    const { legend, style } = (await listOverlayVersions(db)).find((row) => row.name === name && row.current)!;
    const listed = new Map(legend!.entries.map((entry) => [entry.value, entry.features]));
    // Every value listed is held, as often as the file holds it; the nine most common are listed; the rest counted as others.
    for (const [value, features] of listed) expect(held.get(value)).toBe(features);
    const mostCommon = [...held.values()].sort((a, b) => b - a);
    expect(listed.size).toBe(Math.min(held.size, CATEGORICAL_PALETTE.length));
    expect([...listed.values()].sort((a, b) => b - a)).toEqual(mostCommon.slice(0, listed.size));
    expect(legend!.others).toBe(none + mostCommon.slice(listed.size).reduce((sum, n) => sum + n, 0));
    expect(new Set(legend!.entries.map((entry) => entry.colour)).size).toBe(listed.size);
    expect(style.byAttribute!.colours).toEqual(Object.fromEntries(legend!.entries.map((entry) => [entry.value, entry.colour])));
  }, 60_000);

  it('labels the water bodies by their NAME and leaves the Cambridge roads, which name none, unlabelled', async () => {
    const styleOf = async (name: string) => (await listOverlayVersions(db)).find((row) => row.name === name && row.current)!.style;
    expect(await styleOf('water')).toEqual({ colour: '#aad3df', labelAttribute: 'NAME' });
    expect(await styleOf('roads')).toEqual({ colour: '#ffffff' });
  });
});

describe('overlay versions', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  const squares = async (count: number) => {
    const features = Array.from({ length: count }, (_, i) => ({ properties: { ZONE: `Z-${i}` }, geometry: squarePolygon(-80.9 + i * 0.001, 35.6, 0.001) }));
    return writeFixture(await fixtureDir(), 'zones.geojson', featureCollection(features));
  };
  const dataVersion = async () => Number((await db.query<{ value: string }>('SELECT value FROM data_version')).rows[0]!.value);
  const currentOf = async (name: string) => (await listOverlayVersions(db)).find((row) => row.name === name && row.current);

  it('publishes versions, rolls back to the one before, removes all; each a new data version', async () => {
    const first = await squares(2);
    await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: first, name: 'zones', label: 'Zones', mapping: plain(first) });
    const second = await squares(3);
    const before = await dataVersion();
    await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: second, name: 'zones', label: 'Zones', mapping: plain(second) });
    expect(await dataVersion()).toBeGreaterThan(before);
    expect(await currentOf('zones')).toMatchObject({ version: 2, features: 3, label: 'Zones', geometryType: 'polygon', style: { colour: '#7b3294' }, legend: null, fields: [], shownAttributes: null });

    expect(await rollbackOverlay(db, 'zones')).toMatchObject({ version: 1, current: true, features: 2 });
    await expect(rollbackOverlay(db, 'zones')).rejects.toThrow("Overlay 'zones' has no earlier version to roll back to");

    await removeOverlay(db, 'zones');
    expect(await listOverlayVersions(db)).toEqual([]);
    expect((await db.query('SELECT 1 FROM overlay_features')).rows).toEqual([]);
    await expect(removeOverlay(db, 'zones')).rejects.toThrow("There is no overlay named 'zones'");
  });

  it('labels by the first usual name field the file fills, as the file spells it, unless the mapping names one', async () => {
    const street = (properties: Record<string, unknown>, i: number) => ({ properties, geometry: { type: 'LineString' as const, coordinates: [[-80.9, 35.6 + i * 0.001], [-80.8, 35.6]] } });
    const file = await writeFixture(await fixtureDir(), 'streets.geojson', featureCollection([
      street({ OBJECTID: 1, Label: 'Route 7', Street_Name: '<Null>' }, 0),
      street({ OBJECTID: 2, Label: 'Route 8', Street_Name: 'MAIN ST' }, 1),
      street({ OBJECTID: 3, Label: null, Street_Name: null }, 2),
    ]));
    await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name: 'streets', mapping: { ...plain(file), context: 'roads' } });
    expect((await currentOf('streets'))!.style).toEqual({ colour: '#e66101', labelAttribute: 'Street_Name' });
    await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name: 'streets', mapping: { ...plain(file), style: { colour: '#ffffff', labelAttribute: 'Label' } } });
    expect((await currentOf('streets'))!.style).toEqual({ colour: '#ffffff', labelAttribute: 'Label' });
    const unnamed = await writeFixture(await fixtureDir(), 'unnamed.geojson', featureCollection([street({ OBJECTID: 1, NAME: '<Null>', TYPE: 'ROAD' }, 0)]));
    await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: unnamed, name: 'unnamed', mapping: plain(unnamed) });
    expect((await currentOf('unnamed'))!.style).toEqual({ colour: '#e66101' });
  });

  it('refuses a file mixing polygons and lines, and changes nothing', async () => {
    const file = await writeFixture(await fixtureDir(), 'mixed.geojson', featureCollection([
      { properties: {}, geometry: squarePolygon(-80.9, 35.6, 0.001) },
      { properties: {}, geometry: { type: 'LineString', coordinates: [[-80.9, 35.6], [-80.8, 35.7]] } },
    ]));
    const report = await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name: 'mixed', mapping: plain(file) });
    expect(report.refusal).toBe('the file mixes polygons and lines: import each kind as its own overlay');
    expect(await currentOf('mixed')).toBeUndefined();
  });

  it('rejects a line of one position and a point outside lon/lat, counting them', async () => {
    const file = await writeFixture(await fixtureDir(), 'lines.geojson', featureCollection([
      ...Array.from({ length: 30 }, (_, i) => ({ properties: { n: i }, geometry: { type: 'LineString' as const, coordinates: [[-80.9, 35.6 + i * 0.001], [-80.8, 35.6]] } })),
      { properties: { n: 'short' }, geometry: { type: 'LineString', coordinates: [[-80.9, 35.6]] } },
    ]));
    const report = await importOverlay(db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file, name: 'lines', mapping: plain(file) });
    expect(report).toMatchObject({ refusal: null, imported: 30, rejected: 1, rejections: [{ feature: 31, detail: 'a line of one position' }] });
  });
});
