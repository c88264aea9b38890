// Signing out tears the map screen down while its map, search box and measure tools are live: the
// page must get there without an error of any kind (the fixture fails the test on any page error).
import { expect, test } from '../fixtures/test.ts';
import { MapPage } from '../pages/MapPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { uniqueEmail } from '../fixtures/outbox.ts';

// Signing out revokes the session: a user of its own, so the other specs keep theirs.
test.use({ storageState: { cookies: [], origins: [] } });

test('signing out from the map menu while measuring lands on /login without a page or console error', async ({ page }) => {
  await new LoginPage(page).signInWithMagicLink(uniqueEmail('signout'));
  const map = new MapPage(page);
  await map.waitForParcels();
  await expect(map.search()).toBeVisible();
  await map.control('Measure').click();
  await page.getByRole('button', { name: 'Measure Distance' }).click();

  await map.openMenu();
  await page.getByRole('button', { name: /Logout/ }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).getLink()).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toBeHidden();
});
