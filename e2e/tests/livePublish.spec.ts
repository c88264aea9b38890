// A county published while the map is open (issue #22): the import command hands the file to the
// running API (it holds the PGlite directory), and the open map draws the new parcels within its
// 30-second poll — no reload — with tile URLs carrying the new data version, while the demo county
// stays served beside it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures/mapUser.ts';
import { countyCommand } from '../fixtures/countyCommands.ts';
import { MapPage } from '../pages/MapPage.ts';

const DATASET = 'e2e-live';
// Far from the demo county, so no PIN or parcel of it is touched.
const CENTRE = { lng: -79.5, lat: 36.1 };
const SIZE = 0.002;

test.afterAll(async () => {
  await countyCommand('datasets', ['remove', DATASET]).catch(() => undefined);
});

test('an open map draws a county published meanwhile, without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const map = new MapPage(page);
  const tileVersions = new Set<string>();
  page.on('request', (request) => {
    const match = /\/tiles\/\d+\/\d+\/\d+\.pbf\?v=(\d+)$/.exec(request.url());
    if (match) tileVersions.add(match[1]!);
  });
  // The poll's wait is skipped as a laptop lid closed for 30 s would: the clock jumps, timers fire once.
  await page.clock.install();
  await page.goto(`/?view=${CENTRE.lng.toFixed(5)},${CENTRE.lat.toFixed(5)},16.00`);
  await map.waitForParcels();
  const versionsBefore = new Set(tileVersions);
  expect(versionsBefore.size).toBe(1);

  const ring = [[CENTRE.lng - SIZE, CENTRE.lat - SIZE], [CENTRE.lng + SIZE, CENTRE.lat - SIZE], [CENTRE.lng + SIZE, CENTRE.lat + SIZE], [CENTRE.lng - SIZE, CENTRE.lat + SIZE], [CENTRE.lng - SIZE, CENTRE.lat - SIZE]];
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-live-')), 'live.geojson');
  await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { PIN: 'E2E-LIVE-1', owner: 'LIVE PUBLISH LLC' }, geometry: { type: 'Polygon', coordinates: [ring] } }] }));
  const output = await countyCommand('import', [file, '--dataset', DATASET]);
  expect(output).toContain(`published as version 1 of data set '${DATASET}' in the running API`);

  // The map asks for the new version's tiles at its next poll (every 30 s).
  await page.clock.fastForward('00:30');
  await expect.poll(() => tileVersions.size, { timeout: 15_000 }).toBeGreaterThan(1);
  await map.waitForParcels();
  await map.clickCentre();
  expect(await map.selectedPin()).toBe('E2E-LIVE-1');
  await expect(map.field('Owner')).toHaveText('LIVE PUBLISH LLC');
  await map.shot('live-publish');

  // The demo county is served beside it.
  const datasets = await map.apiGet<{ datasets: { name: string }[] }>('/api/datasets');
  expect(datasets.datasets.map((dataset) => dataset.name)).toEqual(['demo', DATASET]);
});
