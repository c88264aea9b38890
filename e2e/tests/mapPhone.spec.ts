// Issue #25 point 6 at a phone's size (390 × 844): the selected parcel stays visible above the panel.
import { expect, test } from '../fixtures/mapUser.ts';
import { canvasPixelsNear, MapPage } from '../pages/MapPage.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a parcel opened by link is shown above the detail panel, not under it', async ({ page }) => {
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  const pin = await map.clickParcelNear(0.5, 0.3);
  expect(await map.selectedPin()).toBe(pin);

  // Opened by link, the map centres on the parcel: the middle of the screen, under the panel.
  await page.goto(`/?pin=${pin}`);
  expect(await map.selectedPin()).toBe(pin);
  await map.waitForParcels();
  const panelTop = (await map.detailPanel().boundingBox())!.y;
  const canvas = (await map.canvas().boundingBox())!;
  // The selection's colour (#ff5a1f) is painted in the uncovered part of the map.
  await expect
    .poll(() => canvasPixelsNear(page, [0xff, 0x5a, 0x1f], [40, 40, 40], [0, 0, canvas.width, panelTop - canvas.y]), { timeout: 20_000 })
    .toBeGreaterThan(30);
  await map.shot('phone-selection-above-panel');
});
