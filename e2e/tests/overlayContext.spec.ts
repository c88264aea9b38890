// A county outside the demo area on the offline base map (issue #23 point 6): Cambridge's water bodies
// and edge-of-pavement roads, imported as context overlays through their bundled mappings while the
// API runs, give the map a real background there — the offline style draws them from their tiles.
import path from 'node:path';
import { expect, test } from '../fixtures/mapUser.ts';
import { countyCommand } from '../fixtures/countyCommands.ts';
import { REPO_DIR } from '../fixtures/paths.ts';
import { MapPage } from '../pages/MapPage.ts';

const OVERLAYS_DIR = path.resolve(REPO_DIR, '../shared/data/cambridge_ma_overlays');
const MAPPINGS_DIR = path.join(REPO_DIR, 'county-data/mappings/overlays');
const CONTEXT = [
  { name: 'e2e-cambridge-water', file: 'water_bodies.geojson', mapping: 'cambridge_water_bodies.json' },
  { name: 'e2e-cambridge-roads', file: 'roads_edge_of_pavement.topojson', mapping: 'cambridge_roads.json' },
];
// Harvard Square and the Charles River.
const VIEW = '-71.12000,42.36900,15.00';

test.afterAll(async () => {
  for (const { name } of CONTEXT) await countyCommand('datasets', ['remove', name, '--overlay']).catch(() => undefined);
});

test('Cambridge water and roads imported as context draw the offline base map there', async ({ page }) => {
  test.setTimeout(120_000);
  for (const { name, file, mapping } of CONTEXT) {
    const output = await countyCommand('import', [path.join(OVERLAYS_DIR, file), '--overlay', name, '--mapping', path.join(MAPPINGS_DIR, mapping)]);
    expect(output).toContain(`of overlay '${name}'`);
  }
  const contextTiles = new Map<string, number>();
  page.on('response', (response) => {
    const match = /\/tiles\/overlays\/(e2e-cambridge-[a-z]+)\/\d+\/\d+\/\d+\.pbf\?v=\d+$/.exec(response.url());
    if (match && response.status() === 200) contextTiles.set(match[1]!, (contextTiles.get(match[1]!) ?? 0) + 1);
  });
  const map = new MapPage(page);
  for (const [size, shot] of [[{ width: 1280, height: 800 }, 'overlay-context-cambridge'], [{ width: 390, height: 844 }, 'overlay-context-cambridge-phone']] as const) {
    await page.setViewportSize(size);
    await page.goto(`/?view=${VIEW}`);
    await map.waitForParcels();
    expect([...contextTiles.keys()].sort()).toEqual(CONTEXT.map(({ name }) => name).sort());
    await map.shot(shot);
  }
});
