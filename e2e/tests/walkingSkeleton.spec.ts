import { expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapPage } from '../pages/MapPage.ts';
import { uniqueEmail } from '../fixtures/outbox.ts';
import { screenshot } from '../fixtures/screenshots.ts';

// A user of their own, so the saved list starts empty whatever ran before.
test.use({ storageState: { cookies: [], origins: [] } });

test('a new user signs in, reads a parcel, saves it, stays signed in across a reload and logs out', async ({ page }) => {
  await new LoginPage(page).signInWithMagicLink(uniqueEmail('skeleton'));

  const map = new MapPage(page);
  await map.waitForParcels();
  await screenshot(page, 'map-initial');

  await map.clickCentre();
  const panel = map.detailPanel();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: /PIN \d{10}/ })).toBeVisible();
  const pin = (await panel.getByRole('heading', { name: /PIN \d{10}/ }).textContent())!.match(/\d{10}/)![0];
  await expect(panel.getByText(/Owner/)).toBeVisible();
  await screenshot(page, 'parcel-panel');

  await panel.getByRole('button', { name: 'Save parcel' }).click();
  const modal = page.getByRole('dialog', { name: 'Save Parcel Location' });
  await modal.getByLabel('Notes (optional)').fill('Walking skeleton note');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Saved Location' })).toBeVisible();

  await panel.getByRole('button', { name: 'Saved Location' }).click();
  const sheet = page.getByRole('dialog', { name: 'My Saved Parcels' });
  await expect(sheet.getByText(`PIN ${pin}`)).toBeVisible();
  await expect(sheet.getByText('Walking skeleton note')).toBeVisible();
  await screenshot(page, 'saved-list');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.reload();
  await map.waitForParcels();
  // Still signed in: the map screen, not /login (the query keeps the view and selection).
  expect(new URL(page.url()).pathname).toBe('/');

  await map.openMenu();
  await page.getByRole('button', { name: /Logout/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Get Link' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('session_jwt'), localStorage.getItem('is_logged_in')])).toEqual([null, null]);
});

test('a deep link opened while signed out opens its parcel after sign-in', async ({ page }) => {
  await page.goto('/?pin=4605050123');
  await expect(page).toHaveURL(/\/login$/);
  const link = await new LoginPage(page).requestMagicLink(uniqueEmail('deeplink'));
  await page.goto(link);
  await expect(page).toHaveURL(/\/\?pin=4605050123/);
  const panel = new MapPage(page).detailPanel();
  await expect(panel.getByRole('heading', { name: /PIN 4605050123/ })).toBeVisible();
});
