// Overlay layers through the API (issue #23 points 5, 6, 8) with the real files: Cambridge's flood
// zones, water bodies and TopoJSON roads through their bundled mappings, Mecklenburg's railroads as
// lines; GET /api/overlays parsed by the wire schema, the tiles at known places, the offline styles'
// context layers. Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_FILE_LIMITS, defaultOverlayMapping, importOverlay, readOverlayMapping } from '@parcel-map/county-data/import';
import { removeOverlay } from '@parcel-map/county-data/publish';
import { CAMBRIDGE_OVERLAYS_DIR, MECKLENBURG_DIR, OVERLAY_MAPPINGS_DIR } from '@parcel-map/county-data/testing';
import { OVERLAY_SOURCE_LAYER, overlaysAnswerSchema, type Overlay } from '@parcel-map/shared/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { lonLatToTile } from '../../tiles/kit/tileMath.ts';

// A vertex of the first flood zone (AE, floodway) by the Charles River, and of the first railroad.
const FLOOD_POINT = [-71.14370967832788, 42.365072706980534] as const;
const RAILROADS = path.join(MECKLENBURG_DIR, 'railroads.geojson');

const decode = (gzipped: Buffer) => new VectorTile(new PbfReader(gunzipSync(gzipped)));
const featuresIn = (body: Buffer) => {
  const layer = decode(body).layers[OVERLAY_SOURCE_LAYER];
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i));
};

describe.skipIf(!existsSync(CAMBRIDGE_OVERLAYS_DIR) || !existsSync(MECKLENBURG_DIR))('overlays through the API', () => {
  let app: TestApp;
  let token: string;
  let railroadVertex: [number, number];
  beforeAll(async () => {
    app = await startTestApp({ seed: false });
    token = await app.identity.sign('user-overlays');
    const bundled = (name: string) => readOverlayMapping(path.join(OVERLAY_MAPPINGS_DIR, name));
    const cambridge = (file: string) => path.join(CAMBRIDGE_OVERLAYS_DIR, file);
    await importOverlay(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: cambridge('fema_floodplains_100_year.geojson'), name: 'flood-zones', mapping: await bundled('cambridge_flood_zones.json') });
    await importOverlay(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: cambridge('water_bodies.geojson'), name: 'cambridge-water', mapping: await bundled('cambridge_water_bodies.json') });
    await importOverlay(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: cambridge('roads_edge_of_pavement.topojson'), name: 'cambridge-roads', mapping: await bundled('cambridge_roads.json') });
    await importOverlay(app.db, { limits: DEFAULT_IMPORT_FILE_LIMITS, file: RAILROADS, name: 'railroads', label: 'Railroads', mapping: defaultOverlayMapping('railroads.geojson') });
    const { rows } = await app.db.query<{ geometry: { coordinates: [number, number][] } }>(
      "SELECT f.geometry FROM overlay_features f JOIN overlays o ON o.id = f.overlay_id WHERE o.name = 'railroads' AND f.feature = 1",
    );
    railroadVertex = rows[0]!.geometry.coordinates[0]!;
  }, 120_000);
  afterAll(() => app.close());

  const overlays = async (): Promise<Overlay[]> => {
    const response = await app.request('/api/overlays', { token });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return overlaysAnswerSchema.parse(response.json).overlays;
  };
  const tilePath = (overlay: Overlay, [lon, lat]: readonly [number, number], z: number) => {
    const { x, y } = lonLatToTile(lon, lat, z);
    return overlay.tiles.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
  };

  it('lists the overlays served to a signed-in user, each with its tile URL carrying the data version', async () => {
    expect((await app.request('/api/overlays')).status).toBe(401);
    const listed = await overlays();
    expect(listed.map((overlay) => overlay.name)).toEqual(['cambridge-roads', 'cambridge-water', 'flood-zones', 'railroads']);
    const dataVersion = Number(/\?v=(\d+)$/.exec(listed[0]!.tiles)![1]);
    expect(listed.find((overlay) => overlay.name === 'flood-zones')).toEqual({
      name: 'flood-zones',
      label: 'Flood zones (FEMA 100-year)',
      geometryType: 'polygon',
      version: 1,
      features: 21,
      bbox: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)],
      tiles: `/tiles/overlays/flood-zones/{z}/{x}/{y}.pbf?v=${dataVersion}`,
      context: null,
      style: { colour: '#74a9cf', byAttribute: { attribute: 'fld_zone', colours: { AE: '#332288' } } },
      // Cambridge's floodplains are all zone AE: its legend lists that one value, in its words.
      legend: { attribute: 'fld_zone', entries: [{ value: 'AE', label: '1% annual chance flood, base flood elevation determined', colour: '#332288', features: 21 }], others: 0 },
      fields: expect.arrayContaining([
        { key: 'static_bfe', label: 'Base flood elevation', unit: 'ft (NAVD 88)' },
        { key: 'sfha_tf', label: 'Special flood hazard area', codes: expect.objectContaining({ T: expect.stringMatching(/^Yes/) }) },
      ]),
      source: expect.stringContaining('FEMA 100-year floodplains'),
      licence: 'ODC Public Domain Dedication and License (PDDL) 1.0',
    });
    expect(listed.find((overlay) => overlay.name === 'railroads')).toMatchObject({ label: 'Railroads', geometryType: 'line', features: 364, context: null, style: { colour: expect.any(String) }, legend: null, fields: [] });
    expect(listed.filter((overlay) => overlay.context !== null).map(({ name, context }) => [name, context])).toEqual([['cambridge-roads', 'roads'], ['cambridge-water', 'water']]);
  });

  it('serves a flood zone tile over Cambridge holding zone AE, with the properties its mapping shows, cacheable for its version', async () => {
    const flood = (await overlays()).find((overlay) => overlay.name === 'flood-zones')!;
    const path = tilePath(flood, FLOOD_POINT, 15);
    // County data: the tiles need a session as the parcels' do (issue #26), and are kept privately.
    expect((await app.request(path)).status).toBe(401);
    const response = await app.request(path, { token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-protobuf');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const zones = featuresIn(response.body);
    expect(zones.length).toBeGreaterThan(0);
    expect(zones.every((zone) => zone.type === 3)).toBe(true);
    expect(zones.map((zone) => zone.properties.fld_zone)).toContain('AE');
    // Only what the mapping shows travels: not the source's GlobalID.
    for (const zone of zones) expect(Object.keys(zone.properties).every((key) => ['fld_zone', 'zone_subty', 'static_bfe', 'sfha_tf', 'study_typ'].includes(key))).toBe(true);
    expect((await app.request(path, { token, headers: { 'If-None-Match': String(response.headers.etag) } })).status).toBe(304);
    // Another version in the URL: served, but not for keeps.
    expect((await app.request(path.replace(/v=\d+/, 'v=1'), { token })).headers['cache-control']).toBe('private, no-cache');
  });

  it('serves railroads as lines carrying every property when no mapping limits them', async () => {
    const railroads = (await overlays()).find((overlay) => overlay.name === 'railroads')!;
    const response = await app.request(tilePath(railroads, railroadVertex, 14), { token });
    expect(response.status).toBe(200);
    const lines = featuresIn(response.body);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.type === 2)).toBe(true);
    expect(lines.some((line) => String(line.properties.name).length > 0)).toBe(true);
  });

  it('answers 204 where an overlay has nothing, 400 outside its zooms and for a malformed name, 404 for an unknown one', async () => {
    const flood = (await overlays()).find((overlay) => overlay.name === 'flood-zones')!;
    expect((await app.request(tilePath(flood, [-100, 40], 12), { token })).status).toBe(204);
    expect((await app.request('/tiles/overlays/flood-zones/17/0/0.pbf', { token })).status).toBe(400);
    expect((await app.request('/tiles/overlays/Flood_Zones/12/0/0.pbf', { token })).status).toBe(400);
    const unknown = await app.request('/tiles/overlays/no-such-layer/12/0/0.pbf', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Overlay not found' });
  });

  it('draws the context overlays in the offline styles, among the base map layers (the parcels are added above them)', async () => {
    const water = (await overlays()).find((overlay) => overlay.name === 'cambridge-water')!;
    type Layer = { id: string; type: string; source?: string; 'source-layer'?: string };
    for (const id of ['streets-local', 'dark-local']) {
      const style = (await app.request(`/styles/${id}.json`)).json as { sources: Record<string, { tiles?: string[] }>; layers: Layer[] };
      expect(style.sources['context-cambridge-water']).toMatchObject({ type: 'vector', tiles: [`${app.baseUrl}${water.tiles}`], minzoom: 8, maxzoom: 16 });
      expect(style.sources['context-cambridge-roads']).toBeDefined();
      // Toggled overlays are the map's to draw, not the base style's.
      expect(style.sources['context-flood-zones']).toBeUndefined();
      const ids = style.layers.map((layer) => layer.id);
      expect(style.layers.find((layer) => layer.id === 'context-cambridge-water-fill')).toMatchObject({ type: 'fill', source: 'context-cambridge-water', 'source-layer': OVERLAY_SOURCE_LAYER });
      expect(style.layers.find((layer) => layer.id === 'context-cambridge-roads-fill')).toMatchObject({ type: 'fill', source: 'context-cambridge-roads', 'source-layer': OVERLAY_SOURCE_LAYER });
      // Above the land and the base water, below the road names, so under everything the map adds.
      expect(ids.indexOf('context-cambridge-water-fill')).toBeGreaterThan(ids.indexOf('water'));
      expect(ids.indexOf('context-cambridge-roads-fill')).toBeGreaterThan(ids.indexOf('context-cambridge-water-fill'));
      expect(ids.indexOf('context-cambridge-roads-fill')).toBeLessThan(ids.indexOf('road-label'));
      expect(ids.some((layer) => layer.startsWith('parcel'))).toBe(false);
    }
  });

  it('stops serving an overlay once removed', async () => {
    await removeOverlay(app.db, 'railroads');
    expect((await overlays()).map((overlay) => overlay.name)).not.toContain('railroads');
    expect((await app.request('/tiles/overlays/railroads/14/0/0.pbf', { token })).status).toBe(404);
  });
});
