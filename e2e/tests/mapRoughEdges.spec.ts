// Issue #25 point 5: the map's rough edges a review as land professionals found, each fixed — on one
// map as one journey (each map load costs seconds of software WebGL). The texts and states of each
// are tested in remote-map's MapStatus.test.tsx and MeasurePalette.test.tsx; here the live map.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/mapUser.ts';
import { canvasPixelsNear, MapPage } from '../pages/MapPage.ts';

/** Pixels near an RGB colour in a box of canvas pixels around the map's centre. */
async function pixelsNearCentre(page: Page, colour: [number, number, number], half: number) {
  const box = (await new MapPage(page).canvas().boundingBox())!;
  const [cx, cy] = [box.width / 2, box.height / 2];
  return canvasPixelsNear(page, colour, [30, 30, 30], [cx - half, cy - half, cx + half, cy + half]);
}

test('a loading bar for the parcel tiles, a denied location said on screen, my location drawn where the map flies, the zoom hint, and the palette on one row from 1024 px', async ({ page, context, pageErrors }) => {
  test.slow(); // a flight and several zooms of the live map on a shared, loaded machine
  const map = new MapPage(page);

  await test.step('a slim bar shows while the parcel tiles load, and goes when they are drawn', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tiles = /\/tiles\/\d+\/\d+\/\d+\.pbf/;
    await page.route(tiles, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const bar = page.getByRole('progressbar', { name: 'Loading parcels' });
    await expect(bar).toBeVisible({ timeout: 30_000 });
    await map.shot('parcel-tiles-loading');
    release();
    await map.waitForParcels();
    await expect(bar).toBeHidden();
    await page.unroute(tiles);
  });

  await test.step('a denied location permission is said on screen', async () => {
    pageErrors.expect({ text: /^Geolocation failed:/, why: 'the permission is denied in this step (SPEC §8 logs it)' });
    await map.control('My location').click();
    const notice = page.getByRole('alert').filter({ hasText: 'Location permission denied' });
    await expect(notice).toBeVisible();
    await map.shot('my-location-denied');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
  });

  await test.step('my location flies to the browser position at zoom 15 and draws a position dot with its accuracy circle', async () => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 35.66, longitude: -80.9, accuracy: 150 });
    await map.control('My location').click();
    await expect.poll(() => map.viewFromUrl()?.zoom, { timeout: 15_000 }).toBe(15);
    const view = map.viewFromUrl()!;
    expect(view.lat).toBeCloseTo(35.66, 3);
    expect(view.lng).toBeCloseTo(-80.9, 3);
    await expect(map.zoomReadout()).toHaveText('z: 15.00', { timeout: 15_000 });
    await map.waitForParcels();
    // The dot (#1c7ed6) sits at the centre the map flew to.
    await expect.poll(() => pixelsNearCentre(page, [0x1c, 0x7e, 0xd6], 6)).toBeGreaterThan(20);
    await map.shot('my-location');
  });

  await test.step("below the parcel zoom the map says 'Zoom in to see parcels'", async () => {
    const hint = page.getByText('Zoom in to see parcels');
    for (const zoom of [14, 13]) {
      await map.control('Zoom out').click();
      await expect(map.zoomReadout()).toHaveText(`z: ${zoom}.00`);
    }
    await expect(hint).toBeHidden();
    await map.control('Zoom out').click();
    await expect(map.zoomReadout()).toHaveText('z: 12.00');
    await expect(hint).toBeVisible();
    await map.shot('zoom-in-hint');
    await map.control('Zoom in').click();
    await expect(map.zoomReadout()).toHaveText('z: 13.00');
    await expect(hint).toBeHidden();
  });

  await test.step('the measure palette keeps its five buttons on one row from 1024 px', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await map.control('Measure').click();
    const palette = page.getByRole('region', { name: 'Measure' });
    await expect(palette).toBeVisible();
    const tops = await Promise.all(
      ['Measure Distance', 'Measure Area', 'Mark Point', 'Clear Measurement', 'Close'].map(async (name) => (await palette.getByRole('button', { name }).boundingBox())!.y),
    );
    expect(new Set(tops).size).toBe(1);
  });
});
