// Issue #42 on the demo county in real Chromium: the query panel against the running API, and a
// one-result search list; pictures of both, desktop and phone, with SCREENSHOTS=1.
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage } from '../pages/MapPage.ts';

const CENTRE_PIN = '4605050123';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await new MapPage(page).waitForParcels();
});

async function queryLargeLots(page: import('@playwright/test').Page) {
  const map = new MapPage(page);
  await map.control('Query parcels').click();
  const panel = page.getByRole('complementary', { name: 'Query parcels' });
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await panel.getByRole('combobox', { name: 'Field of condition 1' }).selectOption({ label: 'Tax Acres' });
  await panel.getByRole('combobox', { name: 'Comparison of condition 1' }).selectOption({ label: 'at least' });
  await panel.getByLabel('Value of condition 1').fill('5');
  await expect(panel.getByText(/^[\d,]+ parcels match$/)).toBeVisible();
  await expect(map.container()).toHaveAttribute('data-query-matches', /^\d+$/);
  return { map, panel };
}

test('the query panel counts, lists and highlights on the map the parcels its conditions match', async ({ page }) => {
  const { map, panel } = await queryLargeLots(page);
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await map.shot('query-panel-desktop');
});

test('a search with one result lists it in a panel as tall as its row', async ({ page }) => {
  const map = new MapPage(page);
  const input = page.getByPlaceholder('Search address, owner or PIN');
  // The box searches on a key typed, not on a value set.
  await input.fill(CENTRE_PIN.slice(0, -1));
  await input.pressSequentially(CENTRE_PIN.slice(-1));
  await expect(page.locator('.mapboxgl-ctrl-geocoder .suggestions li').first()).toBeVisible();
  await input.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Search results' });
  await expect(panel.getByText('1–1 of 1 results')).toBeVisible();
  expect((await panel.boundingBox())!.height).toBeLessThan(300);
  await map.shot('finder-one-result-desktop');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the query panel is a bottom sheet', async ({ page }) => {
    const { map } = await queryLargeLots(page);
    await map.shot('query-panel-phone');
  });
});
