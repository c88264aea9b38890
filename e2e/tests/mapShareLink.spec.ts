// Issue #25 point 4: 'Share link' copies the app's own URL for the view; opening it restores the
// selection, the camera, the base map and the overlays, also through sign-in.
import { expect, test } from '../fixtures/mapUser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapPage } from '../pages/MapPage.ts';
import { uniqueEmail } from '../fixtures/outbox.ts';

test('a shared link restores the parcel, the view, the base map and the overlays, also through sign-in', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  const styleId = await map.container().getAttribute('data-style-id');
  // Owner names off, contours on: not the defaults.
  await map.control('Contour lines').click();
  await map.control('Overlays').click();
  await page.getByRole('checkbox', { name: 'Show Owner Names' }).uncheck();
  await map.control('Overlays').click();
  const pin = await map.clickParcelNear(0.5, 0.5);
  expect(await map.selectedPin()).toBe(pin);
  await map.control('Zoom in').click();
  await expect(map.zoomReadout()).toHaveText('z: 14.00');

  await map.detailPanel().getByRole('button', { name: 'Share link' }).click();
  await expect(map.detailPanel().getByText('Share link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/\\?pin=${pin}&view=[^&]+%2C14\\.00&style=${styleId}&layers=outlines%2Ccontours$`));
  // SPEC's maps-service link stays beside it.
  await expect(map.detailPanel().getByRole('button', { name: 'Copy link' })).toBeVisible();

  const expectRestored = async (opened: MapPage) => {
    await expect(opened.detailPanel().getByRole('heading', { name: `PIN ${pin}` })).toBeVisible();
    await expect(opened.zoomReadout()).toHaveText('z: 14.00');
    await expect(opened.container()).toHaveAttribute('data-contours', 'visible');
    await expect(opened.container()).toHaveAttribute('data-owner-names', 'none');
    await expect(opened.container()).toHaveAttribute('data-style-id', styleId ?? '');
  };

  // A colleague already signed in (the same browser profile's session).
  const colleague = await context.newPage();
  await colleague.goto(link);
  await expectRestored(new MapPage(colleague));
  await new MapPage(colleague).shot('share-link-opened');
  await colleague.close();

  // Someone signed out: the link survives the magic-link round trip.
  const signedOut = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const stranger = await signedOut.newPage();
  await stranger.goto(link);
  await expect(stranger).toHaveURL(/\/login$/);
  const magicLink = await new LoginPage(stranger).requestMagicLink(uniqueEmail('share'));
  await stranger.goto(magicLink);
  await expect(stranger).toHaveURL(/layers=outlines%2Ccontours/);
  await expectRestored(new MapPage(stranger));
  await signedOut.close();
});
