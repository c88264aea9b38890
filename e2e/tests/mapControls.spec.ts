// The map controls on the live map, as one journey (each map load costs seconds of software WebGL):
// the menu and panel sizes, the base maps (outline colour read back from the map), the print report's
// picture and scale, and the user's saved parcels drawn from the API. The controls' states, keys and
// texts are tested in remote-map's MapControls.test.tsx and MainMenu.test.tsx, the layers they switch
// on the fake map (useMapFollowsStore.test.tsx, map/*.test.ts).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage, type ApiParcel } from '../pages/MapPage.ts';

const CORS = { 'Access-Control-Allow-Origin': '*' };

/** Serves config.json with a second, satellite-named base map (the offline style renamed) on the API origin (the page's CSP allows it). */
async function withExtraStyles(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    const api: string = config.apiBaseUrl;
    const hasSatellite = config.map.styles.some((style: { name: string }) => /satellite/i.test(style.name));
    if (!hasSatellite) config.map.styles.push({ id: 'satellite-test', name: 'Satellite (test)', url: `${api}/styles/satellite-test.json` });
    await route.fulfill({ response, json: config });
  });
  await page.route('**/styles/satellite-test.json', async (route) => {
    const streetsUrl = route.request().url().replace('satellite-test.json', 'streets-local.json');
    const style = await (await page.request.get(streetsUrl)).json();
    const layers = style.layers.map((layer: { type: string }) => (layer.type === 'background' ? { ...layer, paint: { 'background-color': '#1d2b1f' } } : layer));
    await route.fulfill({ headers: CORS, json: { ...style, name: 'Satellite (test)', layers } });
  });
}

test('one journey through the controls: menu and panel sizes, base maps, the print report and the saved parcels drawn', async ({ page }) => {
  test.slow(); // several map loads and a base map switch on a shared, loaded machine
  await withExtraStyles(page);
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();

  await test.step('the main menu slides in 224 px wide; its footer shows the live centre, the zoom and a copyright line', async () => {
    await map.openMenu();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toHaveAttribute('aria-hidden', 'false');
    // Read while it may still be sliding: the transform leaves a few millionths of a pixel.
    expect((await menu.boundingBox())!.width).toBeCloseTo(224, 3);
    await expect(menu.getByText('Center: -80.8600, 35.6200')).toBeVisible();
    await expect(menu.getByText('Zoom: 13.00')).toBeVisible();
    await expect(menu.getByText(/^© \d{4} Parcel Map/)).toBeVisible();
    await map.shot('main-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  await test.step('the Overlays panel is 13rem wide', async () => {
    await map.control('Overlays').click();
    const panel = page.getByRole('group', { name: 'Overlays' });
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())!.width).toBeCloseTo(13 * 16, 0);
    await map.shot('overlays-panel');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  await test.step('the saved parcels button opens the saved list of the saved-parcels remote', async () => {
    await map.control('Saved parcels').click();
    const sheet = page.getByRole('dialog', { name: 'My Saved Parcels' });
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('switched by keyboard to satellite, the outlines turn yellow, and black again on streets', async () => {
    await expect(map.container()).toHaveAttribute('data-outline-color', '#000000');
    await map.control('Base map').click();
    const menu = page.getByRole('menu', { name: 'Base map' });
    const items = menu.getByRole('menuitemradio');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
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
    await expect(satellite).toHaveAttribute('aria-checked', 'true');
    await items.first().click();
    await expect(map.container()).toHaveAttribute('data-outline-color', '#000000');
    await map.waitForParcels();
  });

  const pin = await test.step('print opens a parcel report with the map picture, an exact scale, the details and the as-of date, and prints it', async () => {
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
    return pin;
  });

  await test.step("'Show Saved Parcels' draws the saved parcels the API lists; a marker click selects its parcel even with another selected", async () => {
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
    // A fresh page at the opening view: the list is loaded again, and findParcel's sums hold.
    await page.goto('/');
    await map.waitForParcels();
    await expect(map.container()).not.toHaveAttribute('data-saved-parcel-count', '0');
    await expect(map.container()).toHaveAttribute('data-saved-parcels', 'none');

    await map.control('Overlays').click();
    await page.getByRole('checkbox', { name: 'Show Saved Parcels' }).check();
    await expect(map.container()).toHaveAttribute('data-saved-parcels', 'visible');
    await map.shot('saved-parcels-overlay');
    await map.control('Overlays').click();

    // A parcel click only deselects while another is selected; a marker click selects its parcel.
    const marker = await map.findParcel(0.5, 0.5);
    expect(marker.pin).toBe(pin);
    await map.clickParcelNear(0.25, 0.25);
    expect(await map.selectedPin()).not.toBe(pin);
    await map.waitForParcels();
    await page.mouse.click(marker.x, marker.y);
    await expect.poll(() => map.selectedPin()).toBe(pin);
  });
});
