// The map controls on the live map, as one journey (each map load costs seconds of software WebGL):
// the menu and panel sizes, the base maps (outline colour read back from the map), the print
// dialog's PDF, and the user's saved parcels drawn from the API. The controls' states, keys and
// texts are tested in remote-map's MapControls.test.tsx and MainMenu.test.tsx, the layers they switch
// on the fake map (useMapFollowsStore.test.tsx, map/*.test.ts).
import { readFile } from 'node:fs/promises';
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

  const pin = await test.step('print makes a PDF of the selected parcel at 1" = 100\', drawn once the map is idle at that view, and puts the map back', async () => {
    const pin = await map.clickParcelNear(0.5, 0.5);
    expect(await map.selectedPin()).toBe(pin);
    await expect(map.field('Owner')).not.toBeEmpty();
    await map.waitForParcels();
    const zoomBefore = await map.zoomReadout().textContent();
    await map.control('Print parcel report').click();

    const dialog = page.getByRole('dialog', { name: 'Print as PDF' });
    await expect(dialog.getByRole('combobox', { name: 'Map of' })).toHaveValue('parcel');
    await expect(dialog.getByRole('combobox', { name: 'Scale' })).toHaveValue('fit');
    await dialog.getByRole('combobox', { name: 'Scale' }).selectOption({ label: '1" = 100\'' });
    await expect(dialog.getByText('Map frame 7.2 × 7.7 in at 1" = 100\' (1:1,200).')).toBeVisible();
    await map.shot('print-dialog');
    await dialog.getByRole('button', { name: 'Create PDF' }).click();
    const link = dialog.getByRole('link', { name: 'Download PDF' });
    // Software WebGL draws the sheet's frame at twice its CSS size: seconds on a loaded machine.
    await expect(link).toBeVisible({ timeout: 60_000 });
    await expect(link).toHaveAttribute('download', new RegExp(`^parcel-map-${pin}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const download = page.waitForEvent('download');
    await link.click();
    const pdf = await readFile((await (await download).path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A drawn map, not a blank frame: a white 1,420 × 1,478 picture compresses to a few kilobytes.
    expect(pdf.length).toBeGreaterThan(100_000);
    // The map behind the dialog is back at the user's view.
    await expect(map.zoomReadout()).toHaveText(zoomBefore!);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
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
