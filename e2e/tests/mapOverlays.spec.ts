// Cambridge's overlay layers on the map (issue #23 §5, §6, §8): the real FEMA flood zones imported as an
// overlay beside the real Cambridge parcels, switched on in the Overlays panel, drawn, and a click
// inside a zone AE polygon shows 'AE' in the popup while the parcel under it is selected as always.
// Cambridge's water bodies and edge-of-pavement roads, imported as context through their bundled
// mappings, give the offline base map a real background outside the demo area: its styles fetch their tiles.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/mapUser.ts';
import { violations } from '../fixtures/accessibility.ts';
import { countyCommand } from '../fixtures/countyCommands.ts';
import { REPO_DIR } from '../fixtures/paths.ts';
import { MapPage } from '../pages/MapPage.ts';

const DATA = path.resolve(REPO_DIR, '../shared/data');
const PARCELS = path.join(DATA, 'cambridge_ma_parcels_fy2014/ASSESSING_ParcelsFY2014.converted.geojson');
const OVERLAYS = path.join(DATA, 'cambridge_ma_overlays');
const FLOOD_ZONES = path.join(OVERLAYS, 'fema_floodplains_100_year.geojson');
const MAPPINGS = path.join(REPO_DIR, 'county-data/mappings');
/** Base-map context, drawn by the offline styles and never listed as a switch. */
const CONTEXT = [
  { name: 'cambridge-water', file: path.join(OVERLAYS, 'water_bodies.geojson'), mapping: path.join(MAPPINGS, 'overlays/cambridge_water_bodies.json'), label: 'Water bodies' },
  { name: 'cambridge-roads', file: path.join(OVERLAYS, 'roads_edge_of_pavement.topojson'), mapping: path.join(MAPPINGS, 'overlays/cambridge_roads.json'), label: 'Roads (edge of pavement)' },
];
// Harvard Square and the Charles River: both context layers are in view.
const HARVARD_SQUARE = '-71.12000,42.36900,15.00';
const DATASET = 'cambridge-ma';
const OVERLAY = 'flood-zones';
const LABEL = 'Flood zones (FEMA 100-year)';
// Inside the zone AE polygon of the Alewife Brook Reservation (fld_ar_id 2286), about 100 m from its
// edge, and inside parcel 267.2-231, about 65 m from that parcel's edge: a click there is in both.
const IN_ZONE_AE = { lng: -71.15184, lat: 42.39715 };

async function removeCambridge() {
  for (const name of [OVERLAY, ...CONTEXT.map((context) => context.name)]) {
    await countyCommand('datasets', ['remove', name, '--overlay']).catch(() => undefined);
  }
  await countyCommand('datasets', ['remove', DATASET]).catch(() => undefined);
}

const overlaysPanel = (page: Page) => page.getByRole('group', { name: 'Overlays' });
const popup = (page: Page) => page.getByRole('region', { name: 'Overlay details' });

test.describe('Cambridge with its flood zones', () => {
  // Also after a failure: Cambridge left behind would move later specs' data.
  test.afterEach(removeCambridge);

  test('switches the flood zones on, draws them, and a click in zone AE shows it beside the parcel', async ({ page }) => {
    test.setTimeout(300_000);
    // As a user would, beside the running product: the commands hand the files to its API.
    await removeCambridge();
    await countyCommand('import', [PARCELS, '--dataset', DATASET, '--mapping', path.join(MAPPINGS, 'cambridge_fy2014.json')]);
    const output = await countyCommand('import', [FLOOD_ZONES, '--overlay', OVERLAY, '--label', LABEL, '--mapping', path.join(MAPPINGS, 'overlays/cambridge_flood_zones.json')]);
    expect(output).toContain(`of overlay '${OVERLAY}'`);
    for (const context of CONTEXT) await countyCommand('import', [context.file, '--overlay', context.name, '--mapping', context.mapping]);

    const map = new MapPage(page);
    const overlayTiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/tiles/overlays/${OVERLAY}/`)) overlayTiles.push(request.url());
    });
    const contextTiles = new Set<string>();
    page.on('response', (response) => {
      const match = /\/tiles\/overlays\/(cambridge-[a-z]+)\/\d+\/\d+\/\d+\.pbf\?v=\d+$/.exec(response.url());
      if (match && response.status() === 200) contextTiles.add(match[1]!);
    });
    await page.goto(`/?view=${IN_ZONE_AE.lng},${IN_ZONE_AE.lat},16.00`);
    await map.waitForParcels();

    // The panel lists the overlay under SPEC's switches, off, with its legend.
    await map.control('Overlays').click();
    const flood = overlaysPanel(page).getByRole('checkbox', { name: LABEL });
    await expect(flood).not.toBeChecked();
    await expect(overlaysPanel(page).getByRole('list', { name: `${LABEL} legend` })).toContainText('AE');
    for (const context of CONTEXT) await expect(overlaysPanel(page).getByText(context.label)).toHaveCount(0);
    await flood.check();
    await expect(page).toHaveURL(/[?&]overlays=flood-zones(&|$)/);
    await expect(map.container()).toHaveAttribute('data-overlay-layers', OVERLAY);
    await map.waitForParcels();
    expect(overlayTiles.length).toBeGreaterThan(0);
    expect(overlayTiles.every((url) => /\/tiles\/overlays\/flood-zones\/\d+\/\d+\/\d+\.pbf\?v=\d+$/.test(url))).toBe(true);
    await map.shot('overlays-cambridge-panel');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The click selects the parcel under it as always, and the popup shows the zone it is in.
    await map.clickCentre();
    await expect(popup(page)).toBeVisible();
    await expect(popup(page).getByRole('heading', { name: LABEL }).first()).toBeVisible();
    // In the mapping's words: its label for the field, and what the code means.
    await expect(popup(page).locator('dt', { hasText: /^Flood zone$/ }).first().locator('xpath=following-sibling::dd[1]')).toHaveText('AE — 1% annual chance flood, base flood elevation determined');
    expect(await map.selectedPin()).toBe('267.2-231');
    await map.shot('overlays-cambridge-popup');
    expect(await violations(page)).toEqual([]);

    // Escape closes the popup; the parcel stays selected.
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();
    await expect(map.detailPanel()).toBeVisible();

    // Another base map keeps the overlay drawn.
    await map.control('Base map').click();
    await page.getByRole('menuitemradio', { name: 'Dark (satellite contrast)' }).click();
    await expect(map.container()).toHaveAttribute('data-style-id', 'dark-local');
    await expect(map.container()).toHaveAttribute('data-overlay-layers', OVERLAY);
    await map.waitForParcels();
    await map.shot('overlays-cambridge-dark');
    await map.control('Base map').click();
    await page.getByRole('menuitemradio', { name: 'Streets (offline)' }).click();
    await expect(map.container()).toHaveAttribute('data-style-id', 'streets-local');

    // Reopened from its URL, the overlay is on again.
    await page.reload();
    await map.waitForParcels();
    await expect(map.container()).toHaveAttribute('data-overlay-layers', OVERLAY);
    await map.control('Overlays').click();
    await expect(overlaysPanel(page).getByRole('checkbox', { name: LABEL })).toBeChecked();
    await page.keyboard.press('Escape');

    // The base map's context: the offline style draws the water and the roads from their tiles.
    contextTiles.clear();
    await page.goto(`/?view=${HARVARD_SQUARE}`);
    await map.waitForParcels();
    expect([...contextTiles].sort()).toEqual(CONTEXT.map(({ name }) => name).sort());
    await map.shot('overlay-context-cambridge');

    // The whole of Cambridge with its flood zones, and the same on a phone.
    await page.goto(`/?view=-71.11,42.378,13.00&overlays=${OVERLAY}`);
    await map.waitForParcels();
    await map.shot('overlays-cambridge');
    await page.setViewportSize({ width: 390, height: 844 });
    contextTiles.clear();
    await page.goto(`/?view=${IN_ZONE_AE.lng},${IN_ZONE_AE.lat},15.00&overlays=${OVERLAY}`);
    await map.waitForParcels();
    expect([...contextTiles]).toContain('cambridge-roads');
    await map.control('Overlays').click();
    await expect(overlaysPanel(page).getByRole('checkbox', { name: LABEL })).toBeChecked();
    await map.shot('overlays-cambridge-panel-phone');
    await page.keyboard.press('Escape');
    await map.clickCentre();
    await expect(popup(page)).toContainText('AE');
    await map.shot('overlays-cambridge-popup-phone');
  });
});
