// Issue #25 point 5: the map's rough edges a review as land professionals found, each fixed.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/mapUser.ts';
import { canvasPixelsNear, MapPage, OPENING_VIEW } from '../pages/MapPage.ts';

/** Pixels near an RGB colour in a box of canvas pixels around the map's centre. */
async function pixelsNearCentre(page: Page, colour: [number, number, number], half: number) {
  const box = (await new MapPage(page).canvas().boundingBox())!;
  const [cx, cy] = [box.width / 2, box.height / 2];
  return canvasPixelsNear(page, colour, [30, 30, 30], [cx - half, cy - half, cx + half, cy + half]);
}

test('my location draws a position dot with its accuracy circle', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 35.66, longitude: -80.9, accuracy: 150 });
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();
  await map.control('My location').click();
  await expect(map.zoomReadout()).toHaveText('z: 15.00', { timeout: 15_000 });
  await map.waitForParcels();
  // The dot (#1c7ed6) sits at the centre the map flew to.
  await expect.poll(() => pixelsNearCentre(page, [0x1c, 0x7e, 0xd6], 6)).toBeGreaterThan(20);
  await map.shot('my-location');
});

test('a denied location permission is said on screen', async ({ page, pageErrors }) => {
  pageErrors.expect({ text: /^Geolocation failed:/, why: 'the permission is denied in this test (SPEC §8 logs it)' });
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();
  await map.control('My location').click();
  const notice = page.getByRole('alert').filter({ hasText: 'Location permission denied' });
  await expect(notice).toBeVisible();
  await map.shot('my-location-denied');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
});

test('a slim bar shows while the parcel tiles load, and goes when they are drawn', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/tiles\/\d+\/\d+\/\d+\.pbf/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const map = new MapPage(page);
  const bar = page.getByRole('progressbar', { name: 'Loading parcels' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await map.shot('parcel-tiles-loading');
  release();
  await map.waitForParcels();
  await expect(bar).toBeHidden();
});

test("below the parcel zoom the map says 'Zoom in to see parcels'", async ({ page }) => {
  const map = new MapPage(page);
  await page.goto(`/?view=${OPENING_VIEW.lng},${OPENING_VIEW.lat},12`);
  await expect(map.zoomReadout()).toHaveText('z: 12.00');
  await expect(page.getByText('Zoom in to see parcels')).toBeVisible();
  await map.shot('zoom-in-hint');
  await map.control('Zoom in').click();
  await expect(map.zoomReadout()).toHaveText('z: 13.00');
  await expect(page.getByText('Zoom in to see parcels')).toBeHidden();
});

test('the measure palette keeps its five buttons on one row from 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  const tops = await Promise.all(
    ['Measure Distance', 'Measure Area', 'Mark Point', 'Clear Measurement', 'Close'].map(async (name) => (await palette.getByRole('button', { name }).boundingBox())!.y),
  );
  expect(new Set(tops).size).toBe(1);
});
