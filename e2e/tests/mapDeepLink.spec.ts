// Deep links in real Chromium: back/forward move between selections, ?pin= opens that parcel, and the
// URL carries the view — one journey, as each map load costs seconds of software WebGL.
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage } from '../pages/MapPage.ts';

test('back and forward move between selections, a ?pin= link opens that parcel and centres on it, and the URL keeps the view across a reload', async ({ page }) => {
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  const first = await map.findParcel(0.5, 0.5);

  await test.step('back and forward move between selections', async () => {
    await page.mouse.click(first.x, first.y);
    expect(await map.selectedPin()).toBe(first.pin);
    await page.mouse.click(first.x, first.y);
    await expect(map.detailPanel()).toBeHidden();
    const second = await map.findParcel(0.3, 0.3);
    expect(second.pin).not.toBe(first.pin);
    await page.mouse.click(second.x, second.y);
    expect(await map.selectedPin()).toBe(second.pin);

    await page.goBack();
    await expect(map.detailPanel()).toBeHidden();
    await page.goBack();
    await expect(map.detailPanel().getByRole('heading', { name: `PIN ${first.pin}` })).toBeVisible();
    await page.goForward();
    await expect(map.detailPanel()).toBeHidden();
    await page.goForward();
    await expect(map.detailPanel().getByRole('heading', { name: `PIN ${second.pin}` })).toBeVisible();
  });

  await test.step('a ?pin= link opens that parcel and centres on it', async () => {
    await page.goto(`/?pin=${first.pin}`);
    await expect(map.detailPanel().getByRole('heading', { name: `PIN ${first.pin}` })).toBeVisible();
    await expect(map.field('Owner')).not.toBeEmpty();
    await expect.poll(() => map.viewFromUrl()?.zoom ?? 0, { timeout: 20_000 }).toBeGreaterThan(13.5);
    await map.waitForParcels();
    await map.shot('deep-link-pin');
  });

  await test.step('the URL keeps the view across a reload', async () => {
    await page.goto('/?view=-80.85000,35.63000,15.50');
    await map.waitForParcels();
    await expect(map.zoomReadout()).toHaveText('z: 15.50');
    await page.reload();
    await map.waitForParcels();
    await expect(map.zoomReadout()).toHaveText('z: 15.50');
    expect(map.viewFromUrl()).toEqual({ lng: -80.85, lat: 35.63, zoom: 15.5 });
  });
});
