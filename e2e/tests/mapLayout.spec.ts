// The map screen's frame (SPEC §2, issue #5 point 1): the opening view, where the search box, the
// scale bar and the attribution sit, the zoom limits, and the map following its container's size.
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage, OPENING_VIEW } from '../pages/MapPage.ts';

test('opens at the SPEC view with the search box top-left, an imperial scale bottom-left and a compact attribution bottom-right, and follows the size of its window', async ({ page }) => {
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();
  // The opening centre is read from the main menu footer in mapControls.spec.ts's journey.
  await expect(map.zoomReadout()).toHaveText(`z: ${OPENING_VIEW.zoom.toFixed(2)}`);

  const canvas = (await map.canvas().boundingBox())!;
  const search = (await map.search().boundingBox())!;
  expect(search.x - canvas.x).toBeLessThan(canvas.width / 4);
  expect(search.y - canvas.y).toBeLessThan(canvas.height / 4);

  const scale = page.locator('.mapboxgl-ctrl-bottom-left .mapboxgl-ctrl-scale');
  await expect(scale).toHaveText(/^\d[\d,]* (ft|mi)$/);
  expect((await scale.boundingBox())!.width).toBeLessThanOrEqual(100 + 4); // max width 100, plus its border

  const attribution = page.locator('.mapboxgl-ctrl-bottom-right .mapboxgl-ctrl-attrib');
  await expect(attribution).toHaveClass(/mapboxgl-compact/);
  const attributionBox = (await attribution.boundingBox())!;
  expect(attributionBox.x + attributionBox.width).toBeGreaterThan(canvas.x + canvas.width * 0.75);
  expect(attributionBox.y).toBeGreaterThan(canvas.y + canvas.height * 0.75);
  await map.shot('map-opening-view');

  // The map follows the size of its window.
  await page.setViewportSize({ width: 900, height: 600 });
  await expect.poll(async () => (await map.canvas().boundingBox())?.width).toBe(900);
  await expect.poll(async () => (await map.canvas().boundingBox())?.height).toBe(600);
});

test('zoom stops at 3 and at 19', async ({ page }) => {
  const map = new MapPage(page);
  // Two steps past the limit and one back: 4 (or 18) only if the limit held; unlimited it would be 2 (or 20).
  await page.goto(`/?view=${OPENING_VIEW.lng},${OPENING_VIEW.lat},3`);
  await expect(map.zoomReadout()).toHaveText('z: 3.00');
  await map.control('Zoom out').click();
  await map.control('Zoom out').click();
  await map.control('Zoom in').click();
  await expect(map.zoomReadout()).toHaveText('z: 4.00');

  await page.goto(`/?view=${OPENING_VIEW.lng},${OPENING_VIEW.lat},19`);
  await expect(map.zoomReadout()).toHaveText('z: 19.00');
  await map.control('Zoom in').click();
  await map.control('Zoom in').click();
  await map.control('Zoom out').click();
  await expect(map.zoomReadout()).toHaveText('z: 18.00');
});
