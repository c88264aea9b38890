// The map controls in real Chromium: overlays, base maps (outline colour read back from the map),
// contours, zoom, my location, saved parcels, print report, and the menu footer.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage, type ApiParcel } from '../pages/MapPage.ts';

const CORS = { 'Access-Control-Allow-Origin': '*' };

/**
 * Serves config.json with a second, satellite-named base map (the offline style renamed) and
 * contour tiles when the system has none, both on the API origin (the page's CSP allows it).
 */
async function withExtraStyles(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    const api: string = config.apiBaseUrl;
    const hasSatellite = config.map.styles.some((style: { name: string }) => /satellite/i.test(style.name));
    if (!hasSatellite) config.map.styles.push({ id: 'satellite-test', name: 'Satellite (test)', url: `${api}/styles/satellite-test.json` });
    config.map.contourTilesUrl ??= `${api}/contours-test/{z}/{x}/{y}.pbf`;
    await route.fulfill({ response, json: config });
  });
  await page.route('**/styles/satellite-test.json', async (route) => {
    const streetsUrl = route.request().url().replace('satellite-test.json', 'streets-local.json');
    const style = await (await page.request.get(streetsUrl)).json();
    const layers = style.layers.map((layer: { type: string }) => (layer.type === 'background' ? { ...layer, paint: { 'background-color': '#1d2b1f' } } : layer));
    await route.fulfill({ headers: CORS, json: { ...style, name: 'Satellite (test)', layers } });
  });
  await page.route('**/contours-test/**', (route) => route.fulfill({ status: 204, headers: CORS }));
}

test.beforeEach(async ({ page }) => {
  await withExtraStyles(page);
  await page.goto('/');
  await new MapPage(page).waitForParcels();
});

test('the controls form one keyboard-reachable group with accessible names', async ({ page }) => {
  const map = new MapPage(page);
  for (const name of ['Overlays', 'Base map', 'Print parcel report', 'Contour lines', 'Measure', 'Saved parcels', 'My location', 'Zoom in', 'Zoom out']) {
    await expect(map.control(name)).toBeVisible();
  }
  await map.control('Zoom in').focus();
  await page.keyboard.press('Enter');
  await expect(map.zoomReadout()).toHaveText('z: 14.00');
  await map.control('Zoom out').click();
  await expect(map.zoomReadout()).toHaveText('z: 13.00');
});

test("the Overlays panel is 13rem wide; 'Show Owner Names' starts on and toggles the label layer", async ({ page }) => {
  const map = new MapPage(page);
  await map.control('Overlays').click();
  const panel = page.getByRole('group', { name: 'Overlays' });
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.width).toBeCloseTo(13 * 16, 0);
  const ownerNames = panel.getByRole('checkbox', { name: 'Show Owner Names' });
  await expect(ownerNames).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Show Saved Parcels' })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Show Parcel Outlines' })).toBeChecked();
  await expect(map.container()).toHaveAttribute('data-owner-names', 'visible');
  await map.shot('overlays-panel');

  await ownerNames.press('Space');
  await expect(ownerNames).not.toBeChecked();
  await expect(map.container()).toHaveAttribute('data-owner-names', 'none');
  await panel.getByRole('checkbox', { name: 'Show Parcel Outlines' }).click();
  await expect(map.container()).toHaveAttribute('data-parcel-outlines', 'none');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(map.control('Overlays')).toBeFocused();
});

test("'Show Saved Parcels' draws the user's saved parcels", async ({ page }) => {
  const map = new MapPage(page);
  const pin = await map.clickParcelNear(0.5, 0.5);
  expect(await map.selectedPin()).toBe(pin);
  const parcel = await map.apiGet<ApiParcel>(`/api/parcels/${pin}`);
  const status = await map.apiPost('/api/saved-parcels', {
    parcel_pin: pin,
    parcel_owner_name: parcel.owner ?? 'Unnamed',
    parcel_address: parcel.add1 ?? 'No Address',
    parcel_centroid_lat: parcel.centroid.lat,
    parcel_centroid_lon: parcel.centroid.lng,
    notes: null,
  });
  expect([201, 200, 409]).toContain(status);
  await page.reload();
  await map.waitForParcels();
  await expect(map.container()).not.toHaveAttribute('data-saved-parcel-count', '0');
  await expect(map.container()).toHaveAttribute('data-saved-parcels', 'none');

  await map.control('Overlays').click();
  await page.getByRole('checkbox', { name: 'Show Saved Parcels' }).check();
  await expect(map.container()).toHaveAttribute('data-saved-parcels', 'visible');
  await map.shot('saved-parcels-overlay');

  // A marker click selects its parcel even with another selected, where a parcel click only deselects.
  await map.control('Overlays').click();
  const marker = await map.findParcel(0.5, 0.5);
  expect(marker.pin).toBe(pin);
  await map.detailPanel().getByRole('button', { name: 'Close parcel details' }).click();
  await map.clickParcelNear(0.25, 0.25);
  expect(await map.selectedPin()).not.toBe(pin);
  await map.waitForParcels();
  await page.mouse.click(marker.x, marker.y);
  await expect.poll(() => map.selectedPin()).toBe(pin);
});

test('the base map menu lists the styles, marks the current one and switches by keyboard; outlines turn yellow on satellite', async ({ page }) => {
  test.slow(); // several full map loads or axe scans on a shared, loaded machine
  const map = new MapPage(page);
  await expect(map.container()).toHaveAttribute('data-outline-color', '#000000');
  await map.control('Base map').click();
  const menu = page.getByRole('menu', { name: 'Base map' });
  const items = menu.getByRole('menuitemradio');
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  await expect(items.first()).toHaveAttribute('aria-checked', 'true');
  await expect(items.first()).toBeFocused();
  await map.shot('base-map-menu');

  const satellite = menu.getByRole('menuitemradio', { name: /satellite/i });
  while (!(await satellite.evaluate((element) => element === document.activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(map.container()).toHaveAttribute('data-outline-color', '#ffff00');
  await map.waitForParcels();
  await map.shot('base-map-satellite');

  await map.control('Base map').click();
  await expect(menu.getByRole('menuitemradio', { name: /satellite/i })).toHaveAttribute('aria-checked', 'true');
  await items.first().click();
  await expect(map.container()).toHaveAttribute('data-outline-color', '#000000');
});

test('the contour toggle shows and hides the contour layers, which start hidden', async ({ page }) => {
  const map = new MapPage(page);
  await expect(map.container()).toHaveAttribute('data-contours', 'none');
  await map.control('Contour lines').click();
  await expect(map.control('Contour lines')).toHaveAttribute('aria-pressed', 'true');
  await expect(map.container()).toHaveAttribute('data-contours', 'visible');
  await map.shot('contours-on');
  await map.control('Contour lines').click();
  await expect(map.container()).toHaveAttribute('data-contours', 'none');
});

test('my location flies to the browser position at zoom 15', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 35.66, longitude: -80.9 });
  const map = new MapPage(page);
  await map.control('My location').click();
  await expect.poll(() => map.viewFromUrl()?.zoom, { timeout: 15_000 }).toBe(15);
  const view = map.viewFromUrl()!;
  expect(view.lat).toBeCloseTo(35.66, 3);
  expect(view.lng).toBeCloseTo(-80.9, 3);
  await expect(map.zoomReadout()).toHaveText('z: 15.00');
});

test('the saved parcels button opens the saved list', async ({ page }) => {
  const map = new MapPage(page);
  await map.control('Saved parcels').click();
  await expect(page.getByRole('dialog', { name: 'My Saved Parcels' })).toBeVisible();
});

test('print opens a parcel report with the map picture, a scale, the details and the as-of date, and prints it', async ({ page }) => {
  const map = new MapPage(page);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  const pin = await map.clickParcelNear(0.5, 0.5);
  expect(await map.selectedPin()).toBe(pin);
  await expect(map.field('Owner')).not.toBeEmpty();
  await map.waitForParcels();
  await map.control('Print parcel report').click();

  const report = page.getByRole('dialog', { name: `Parcel report — PIN ${pin}` });
  await expect(report).toBeVisible();
  const picture = report.getByRole('img', { name: `Map of parcel ${pin}, outlined` });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  // The picture is the drawn map, not a blank buffer: it has many distinct colours.
  const colours = await picture.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0, 64, 64);
    const data = context.getImageData(0, 0, 64, 64).data;
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
    return seen.size;
  });
  expect(colours).toBeGreaterThan(5);
  await expect(report.getByTestId('print-scale')).toHaveText(/\d+ (ft|mi)/);
  // The bar is exact: the length its label names, in the map's own feet per pixel (the map's scale
  // control, read from the live map at the printed zoom), covers the bar's share of the picture.
  const feetOf = (text: string) => {
    const [, value, unit] = /([\d.,]+) (ft|mi)/.exec(text)!;
    return Number(value!.replace(/,/g, '')) * (unit === 'mi' ? 5280 : 1);
  };
  const mapScale = page.locator('.mapboxgl-ctrl-bottom-left .mapboxgl-ctrl-scale');
  const mapFeetPerPx = feetOf((await mapScale.textContent())!) / (await mapScale.evaluate((el) => parseFloat((el as HTMLElement).style.width)));
  const mapWidthPx = (await map.canvas().boundingBox())!.width;
  const barPx = (await report.getByTestId('print-scale-bar').boundingBox())!.width;
  const picturePx = (await picture.boundingBox())!.width;
  const barFeet = (barPx / picturePx) * mapWidthPx * mapFeetPerPx;
  const labelFeet = feetOf((await report.getByTestId('print-scale').textContent())!);
  expect(Math.abs(barFeet - labelFeet) / labelFeet).toBeLessThan(0.01);
  await expect(report.getByText('Owner')).toBeVisible();
  await expect(report.getByText(/as of \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await map.shot('print-report');
  await report.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
});

test('the main menu slides in 224 px wide; its footer shows the centre, the zoom and a copyright line', async ({ page }) => {
  const map = new MapPage(page);
  await map.openMenu();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toHaveAttribute('aria-hidden', 'false');
  // Read while it may still be sliding: the transform leaves a few millionths of a pixel.
  expect((await menu.boundingBox())!.width).toBeCloseTo(224, 3);
  await expect(menu.getByText('Center: -80.8600, 35.6200')).toBeVisible();
  await expect(menu.getByText('Zoom: 13.00')).toBeVisible();
  await expect(menu.getByText(/^© \d{4} Parcel Map/)).toBeVisible();
  await map.shot('main-menu');
});
