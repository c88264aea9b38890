// Imagery under a county (issue #41): the real SPOT image of Chicago (NAD27 / Illinois East, US feet),
// imported by the import command while the product runs, becomes a base map choice; picked from the
// menu, the photo is drawn over Navy Pier from its own tiles, outlines turn yellow (a satellite style),
// the attribution names it, and it stays on the map zoomed out and on a phone. Then the same tiles,
// served as XYZ from another port, stand in for a county's tile service an administrator adds: the
// page's CSP lets the map fetch them there, and once that server is gone the map says so and shows
// a base map that answers.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '../fixtures/mapUser.ts';
import { countyCommand } from '../fixtures/countyCommands.ts';
import { connectionRefused, mapTileFailed } from '../fixtures/pageErrors.ts';
import { REPO_DIR } from '../fixtures/paths.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapPage } from '../pages/MapPage.ts';
import { originOf, PORTS } from '../../scripts/ports.mjs';

const SPOT_CHICAGO = path.resolve(REPO_DIR, '../shared/data/imagery/SP27GTIF.tiff');
const NAME = 'e2e-spot-chicago';
const LABEL = 'SPOT Chicago 1990';
// Navy Pier and the Loop beside it.
const PIER_VIEW = '-87.61000,41.88900,14.00';
const API = originOf(PORTS.api);
const ADMIN_EMAIL = 'admin@example.com';
const SERVICE_LABEL = 'County XYZ 2023';
const SERVICE = 'county-xyz-2023';

// The service stands in on the imported image's tiles: the second test needs the first's import.
test.describe.configure({ mode: 'serial' });

let adminHeaders: Record<string, string> | undefined;

test.afterAll(async ({ request }) => {
  if (adminHeaders) await request.delete(`${API}/api/admin/imagery-services/${SERVICE}`, { headers: adminHeaders }).catch(() => undefined);
  await countyCommand('datasets', ['remove', NAME, '--imagery']).catch(() => undefined);
});

/** Distinct grey levels in the middle of a picture (the map's canvas, a printout's image): a photo has many, a blank or flat background one or two. */
async function greyLevelsInTheMiddle(picture: import('@playwright/test').Locator): Promise<number> {
  return picture.evaluate((source: HTMLCanvasElement | HTMLImageElement) => {
    const [width, height] = source instanceof HTMLImageElement ? [source.naturalWidth, source.naturalHeight] : [source.width, source.height];
    const copy = document.createElement('canvas');
    copy.width = 64;
    copy.height = 64;
    const context = copy.getContext('2d')!;
    context.drawImage(source, width * 0.3, height * 0.3, width * 0.4, height * 0.4, 0, 0, 64, 64);
    const { data } = context.getImageData(0, 0, 64, 64);
    const levels = new Set<number>();
    for (let i = 0; i < data.length; i += 4) levels.add(data[i]! >> 3);
    return levels.size;
  });
}

test('imported while the product runs, the Chicago image is a base map drawn under yellow outlines, zoomed out and on a phone', async ({ page }) => {
  test.slow(); // an import, then several map loads on a shared machine
  const output = await countyCommand('import', [SPOT_CHICAGO, '--imagery', NAME, '--label', LABEL, '--attribution', 'SPOT Image (OSGeo GeoTIFF samples)', '--year', '1990']);
  expect(output).toMatch(new RegExp(`published as version \\d+ of imagery '${NAME}' \\("${LABEL}", taken 1990\\) in the running API`));

  const imageryTiles: number[] = [];
  page.on('response', (response) => {
    if (new RegExp(`/tiles/imagery/${NAME}/\\d+/\\d+/\\d+\\.jpg\\?v=\\d+$`).test(response.url())) imageryTiles.push(response.status());
  });
  const map = new MapPage(page);
  const canvas = page.locator('canvas.mapboxgl-canvas');
  await page.goto(`/?view=${PIER_VIEW}`);
  await map.waitForParcels();
  const before = await greyLevelsInTheMiddle(canvas);

  await map.control('Base map').click();
  const menu = page.getByRole('menu', { name: 'Base map' });
  await menu.getByRole('menuitemradio', { name: `Imagery — ${LABEL}` }).click();
  await expect(menu).toBeHidden();
  await expect(map.container()).toHaveAttribute('data-outline-color', '#ffff00');
  await map.waitForParcels();
  expect(imageryTiles.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(await greyLevelsInTheMiddle(canvas)).toBeGreaterThan(Math.max(before, 8));
  await expect(page.locator('.mapboxgl-ctrl-attrib')).toContainText(LABEL);
  await map.shot('imagery-chicago');

  // The printed sheet draws the photo and credits it in its legend, as the map's attribution does.
  await map.control('Print parcel report').click();
  const dialog = page.getByRole('dialog', { name: 'Print as PDF' });
  await dialog.getByRole('button', { name: 'Create PDF' }).click();
  const link = dialog.getByRole('link', { name: 'Download PDF' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await link.click();
  const sheet = (await (await download).path())!;
  const text = execFileSync('pdftotext', ['-layout', sheet, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(LABEL);
  expect(text).toContain('SPOT Image (OSGeo GeoTIFF samples)');
  // A photo, not a blank frame: a white frame compresses to a few kilobytes.
  expect((await readFile(sheet)).length).toBeGreaterThan(100_000);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Zoomed out to the city, the photo is still there (its coarser levels), not a dark page.
  await page.goto(`/?view=-87.62000,41.87000,10.50&style=imagery-${NAME}`);
  await map.waitForParcels();
  expect(await greyLevelsInTheMiddle(canvas)).toBeGreaterThan(8);
  await map.shot('imagery-chicago-zoomed-out');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?view=${PIER_VIEW}&style=imagery-${NAME}`);
  await map.waitForParcels();
  await expect(map.container()).toHaveAttribute('data-outline-color', '#ffff00');
  expect(await greyLevelsInTheMiddle(canvas)).toBeGreaterThan(8);
  await map.shot('imagery-chicago-phone');
  expect(imageryTiles.every((status) => status === 200 || status === 204)).toBe(true);
});

/** A county's XYZ tile service on another port: the API's tiles of the imported image, fetched and answered as they are. */
async function standInTileService(apiTemplate: string): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const match = /^\/ortho\/(\d+)\/(\d+)\/(\d+)\.jpg$/.exec(req.url ?? '');
    if (!match) return void res.writeHead(404).end();
    requests.push(req.url!);
    const [, z, x, y] = match;
    void fetch(`${API}${apiTemplate.replace('{z}', z!).replace('{x}', x!).replace('{y}', y!)}`).then(async (tile) => {
      res.writeHead(tile.status, { 'Content-Type': tile.headers.get('content-type') ?? 'image/webp', 'Access-Control-Allow-Origin': '*' });
      res.end(Buffer.from(await tile.arrayBuffer()));
    }, () => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

test('an XYZ service an administrator adds is a base map fetched from its own host; once it stops answering the map says so and shows one that answers', async ({ page, browser, request, pageErrors }) => {
  test.slow(); // an administrator's sign-in, then three map loads on a shared machine
  const listed = ((await (await request.get(`${API}/api/imagery`)).json()) as { imagery: { name: string; tiles: string; bbox: number[] }[] }).imagery;
  const chicago = listed.find((layer) => layer.name === NAME);
  expect(chicago, 'the imported Chicago image (the test before this one)').toBeDefined();
  const county = await standInTileService(chicago!.tiles);

  const adminContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const adminPage = await adminContext.newPage();
  await new LoginPage(adminPage).signInWithMagicLink(ADMIN_EMAIL);
  adminHeaders = { Authorization: `Bearer ${await adminPage.evaluate(() => localStorage.getItem('session_jwt'))}` };
  await adminContext.close();
  const added = await request.post(`${API}/api/admin/imagery-services`, {
    headers: adminHeaders,
    data: { kind: 'xyz', url: `${county.origin}/ortho/{z}/{x}/{y}.jpg`, label: SERVICE_LABEL, attribution: 'County GIS', year: 2023, bounds: chicago!.bbox, maxzoom: 14 },
  });
  expect(added.status(), await added.text()).toBe(201);

  const map = new MapPage(page);
  const canvas = page.locator('canvas.mapboxgl-canvas');
  try {
    await page.goto(`/?view=${PIER_VIEW}`);
    await map.waitForParcels();
    await map.control('Base map').click();
    await page.getByRole('menu', { name: 'Base map' }).getByRole('menuitemradio', { name: `Imagery — ${SERVICE_LABEL}` }).click();
    await expect(map.container()).toHaveAttribute('data-outline-color', '#ffff00');
    await map.waitForParcels();
    // Fetched from the service's host (the page's CSP names it), not from the API.
    expect(county.requests.length).toBeGreaterThan(0);
    expect(await greyLevelsInTheMiddle(canvas)).toBeGreaterThan(8);
    await expect(page.locator('.mapboxgl-ctrl-attrib')).toContainText(`${SERVICE_LABEL}: County GIS`);
  } finally {
    await new Promise((resolve) => county.server.close(resolve));
  }

  // The county's server is gone: opened on its base map, the map says so and draws another that answers.
  const why = 'the stand-in tile service is stopped on purpose';
  pageErrors.expect(connectionRefused(county.origin, why), mapTileFailed(county.origin, why));
  await page.goto(`/?view=${PIER_VIEW}&style=imagery-${SERVICE}`);
  await expect(page.getByRole('status').filter({ hasText: `${SERVICE_LABEL} is not answering — showing` })).toBeVisible({ timeout: 30_000 });
  await map.waitForParcels();
  await expect(map.container()).not.toHaveAttribute('data-outline-color', '#ffff00');
  await map.control('Base map').click();
  await expect(page.getByRole('menu', { name: 'Base map' })).toContainText(`${SERVICE_LABEL} is not answering — showing`);
  await map.shot('imagery-service-down');
});
