// Issue #25 point 1: the SPEC differences an outside check found, each proven in the browser.
import { expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapPage, measureColouredPixels } from '../pages/MapPage.ts';
import { SavedParcelsPage } from '../pages/SavedParcelsPage.ts';
import { uniqueEmail } from '../fixtures/outbox.ts';

// Signing out revokes the session: users of their own, so the other specs keep theirs.
test.use({ storageState: { cookies: [], origins: [] } });

test('after a logout the next person to sign in lands on /, not on the previous user’s parcel and view', async ({ page }) => {
  const login = new LoginPage(page);
  await login.signInWithMagicLink(uniqueEmail('first'));
  const map = new MapPage(page);
  await map.waitForParcels();
  const pin = await map.clickParcelNear(0.5, 0.5);
  await expect(page).toHaveURL(new RegExp(`pin=${pin}`));

  await map.openMenu();
  await page.getByRole('button', { name: /Logout/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('return_to'))).toBeNull();

  await login.signInWithMagicLink(uniqueEmail('second'));
  await expect(page).toHaveURL(/\/$/);
  await expect(map.detailPanel()).toBeHidden();
});

/** Two animation frames: a double click's zoom, if any, has started by then. */
const nextFrames = (page: import('@playwright/test').Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

// One sign-in and map load for both: each map load costs seconds of software WebGL.
test("double-click zoom stays off after a measurement is finished, until Clear; 'My Saved Parcels' is exactly 80 % of the viewport high and the detail panel at most 60 %", async ({ page }) => {
  await new LoginPage(page).signInWithMagicLink(uniqueEmail('measure'));
  const map = new MapPage(page);
  await map.waitForParcels();

  // The sizes first, at the opening view findParcel's sums need.
  await map.clickParcelNear(0.5, 0.5);
  await map.selectedPin();
  const viewport = page.viewportSize()!;
  expect((await map.detailPanel().boundingBox())!.height).toBeLessThanOrEqual(viewport.height * 0.6 + 0.5);
  const saved = new SavedParcelsPage(page);
  await saved.openFromMenu();
  await expect.poll(async () => (await saved.sheet().boundingBox())!.height).toBeCloseTo(viewport.height * 0.8, 0);
  await page.keyboard.press('Escape');
  await expect(saved.sheet()).toBeHidden();
  await map.detailPanel().getByRole('button', { name: 'Close parcel details' }).click();
  await expect(map.detailPanel()).toBeHidden();

  await expect(map.zoomReadout()).toHaveText('z: 13.00');
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  await palette.getByRole('button', { name: 'Measure Distance' }).click();
  const box = (await map.canvas().boundingBox())!;
  await page.mouse.click(box.x + 400, box.y + 300);
  await page.mouse.click(box.x + 600, box.y + 300);
  await page.keyboard.press('Enter');
  await expect(palette.getByTestId('measure-readout')).toContainText('Distance:');
  // The line painted in the measure colour on its segment from (400, 300) to (600, 300).
  await expect.poll(() => measureColouredPixels(page, [420, 295, 480, 305])).toBeGreaterThan(50);

  // Finished: Draw has left its drawing mode. A double click away from the line does not zoom.
  await page.mouse.dblclick(box.x + 300, box.y + 500);
  await nextFrames(page);
  await map.waitForParcels();
  await expect(map.zoomReadout()).toHaveText('z: 13.00');

  await palette.getByRole('button', { name: 'Clear Measurement' }).click();
  await page.mouse.dblclick(box.x + 300, box.y + 500);
  await expect(map.zoomReadout()).toHaveText('z: 14.00');
});
