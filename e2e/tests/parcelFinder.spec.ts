// Finding parcels the way people type them, the full result list, and nearby-owner lists for
// notification letters (issue #24), in real Chromium on the demo county.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage } from '../pages/MapPage.ts';

const CENTRE_PIN = '4605050123';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await new MapPage(page).waitForParcels();
});

async function typeInBox(page: import('@playwright/test').Page, text: string) {
  const input = page.getByPlaceholder('Search address, owner or PIN');
  await input.fill(text.slice(0, -1));
  await input.pressSequentially(text.slice(-1));
  return input;
}

// One map load for the three ways of typing it: closing the panel empties the box for the next.
test('finds the parcel typed as a dashed PIN, as "last, first" and as an address', async ({ page }) => {
  const map = new MapPage(page);
  for (const typed of ['4605-05-0123', 'Reid, Steven M', '132 Saddle Lane']) {
    await test.step(typed, async () => {
      await typeInBox(page, typed);
      const suggestions = page.locator('.mapboxgl-ctrl-geocoder .suggestions li');
      const suggestion = suggestions.filter({ hasText: `PIN ${CENTRE_PIN}` });
      await expect(suggestion).toBeVisible();
      // SPEC §9's five suggestions, and the line that opens the whole list ('See the result' for one).
      const seeAll = suggestions.filter({ hasText: /^(See all \d|See the result$)/ });
      expect(await suggestions.count()).toBeLessThanOrEqual(6);
      await expect(seeAll).toBeVisible();
      await suggestion.click();
      await expect(map.detailPanel().getByRole('heading', { name: `PIN ${CENTRE_PIN}` })).toBeVisible();
      await map.detailPanel().getByRole('button', { name: 'Close parcel details' }).click();
      await expect(map.detailPanel()).toBeHidden();
    });
  }
});

test('Enter opens the results panel, which pages, sorts and draws its results on the map', async ({ page }) => {
  const map = new MapPage(page);
  const input = await typeInBox(page, 'Mooresville');
  await expect(page.locator('.mapboxgl-ctrl-geocoder .suggestions li').first()).toBeVisible();
  await input.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Search results' });
  await expect(panel.getByRole('heading', { name: 'Results for “Mooresville”' })).toBeVisible();
  await expect(panel.getByText(/^1–20 of 500\+ results$/)).toBeVisible();
  await expect(map.container()).toHaveAttribute('data-findings', '20');
  await map.shot('finder-results-desktop');
  const firstPage = await panel.getByRole('listitem').first().textContent();
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText(/^21–40 of 500\+ results$/)).toBeVisible();
  expect(await panel.getByRole('listitem').first().textContent()).not.toBe(firstPage);
  // Keyboard: the sort and the rows are reachable and work from the keyboard.
  await panel.getByLabel('Sort by').selectOption('acres');
  await expect(panel.getByText(/^1–20 of 500\+ results$/)).toBeVisible();
  await panel.getByRole('listitem').first().getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(map.detailPanel().getByRole('heading', { name: /^PIN / })).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFpin,owner,address,city,zip,acres,matched,lat,lon');
  expect(csv.trim().split('\r\n')).toHaveLength(501);

  // Issue #42: a new query's suggestions open over the open list, and can be clicked there.
  await typeInBox(page, CENTRE_PIN);
  const suggestion = page.locator('.mapboxgl-ctrl-geocoder .suggestions li', { hasText: `PIN ${CENTRE_PIN}` });
  await expect(suggestion).toBeVisible();
  await map.shot('finder-suggestions-over-results-desktop');
  await suggestion.click();
  await expect(map.detailPanel().getByRole('heading', { name: `PIN ${CENTRE_PIN}` })).toBeVisible();
});

test('lists the parcels within 300 ft of a demo lot, draws them and the ring, downloads the mailing list and shows the labels', async ({ page }) => {
  const map = new MapPage(page);
  await map.clickCentre();
  await expect(map.detailPanel().getByRole('heading', { name: `PIN ${CENTRE_PIN}` })).toBeVisible();
  await map.detailPanel().getByRole('button', { name: 'Nearby parcels' }).click();
  const panel = page.getByRole('complementary', { name: 'Nearby parcels' });
  await expect(panel.getByText(/^\d+ parcels within 300 ft · \d+ owners to notify/)).toBeVisible();
  const listed = await panel.getByRole('listitem').count();
  expect(listed).toBeGreaterThan(5);
  // The ring, each neighbour and the subject.
  await expect(map.container()).toHaveAttribute('data-findings', String(listed + 2));
  await expect(map.container()).toHaveAttribute('data-map-state', 'idle', { timeout: 30_000 });
  await map.shot('finder-nearby-desktop');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download mailing list (CSV)' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]!.replace(/^\uFEFF/, '')).toBe('owner,mailing address,city,state,zip,pin,acres,distance (ft)');
  expect(lines.length - 1).toBeGreaterThan(3);
  expect(lines.length - 1).toBeLessThanOrEqual(listed);
  expect(new Set(lines.slice(1)).size).toBe(lines.length - 1);

  await panel.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Mailing labels' });
  await expect(labels.getByText(/labels? for \d+ parcels? on \d+ sheets? \(Avery 5160: 3 × 10, US Letter\)/)).toBeVisible();
  await map.shot('finder-labels-desktop');
  await labels.getByRole('button', { name: 'Close' }).click();

  await panel.getByLabel('Within').fill('0');
  await panel.getByRole('button', { name: 'Show' }).click();
  await expect(panel.getByText(/^\d+ parcels within 0 ft/)).toBeVisible();
  await expect(panel.getByText(/ft · PIN/)).toHaveCount(0);
});

test('lists the parcels within 300 ft of an area drawn with Measure Area', async ({ page }) => {
  const map = new MapPage(page);
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  await palette.getByRole('button', { name: 'Measure Area' }).click();
  // A square of 40 px around the opening centre (~600 m at zoom 13), in the town.
  const box = (await map.canvas().boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  for (const [dx, dy] of [[-20, -20], [20, -20], [20, 20], [-20, 20]] as const) await page.mouse.click(cx + dx, cy + dy);
  await page.keyboard.press('Enter');
  await palette.getByRole('button', { name: 'Nearby parcels' }).click();
  const panel = page.getByRole('complementary', { name: 'Nearby parcels' });
  await expect(panel.getByText('Around the area drawn on the map')).toBeVisible();
  await expect(panel.getByText(/^\d+ parcels within 300 ft · \d+ owners to notify/)).toBeVisible();
  const listed = await panel.getByRole('listitem').count();
  expect(listed).toBeGreaterThan(20);
  // The ring and each parcel; no subject parcel.
  await expect(map.container()).toHaveAttribute('data-findings', String(listed + 1));
  await expect(panel.getByRole('button', { name: 'Download mailing list (CSV)' })).toBeEnabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the results and the nearby list as a bottom sheet', async ({ page }) => {
    const map = new MapPage(page);
    const input = await typeInBox(page, 'steven reid');
    await expect(page.locator('.mapboxgl-ctrl-geocoder .suggestions li').first()).toBeVisible();
    await input.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Search results' }).getByText(/of \d+ results/)).toBeVisible();
    await map.shot('finder-results-phone');
    // Issue #42: the next query's suggestions over the sheet, each PIN whole, and chosen there.
    await typeInBox(page, 'Reid');
    const parcelSuggestion = page.locator('.mapboxgl-ctrl-geocoder .suggestions li', { hasText: /PIN \d+/ }).first();
    await expect(parcelSuggestion).toBeVisible();
    await map.shot('finder-suggestions-over-results-phone');
    await parcelSuggestion.click();
    await expect(map.detailPanel().getByRole('heading', { name: /^PIN / })).toBeVisible();
    await page.getByRole('button', { name: 'Close results' }).click();
    await page.goto('/');
    await map.waitForParcels();
    await map.clickCentre();
    await map.detailPanel().getByRole('button', { name: 'Nearby parcels' }).click();
    await expect(page.getByRole('complementary', { name: 'Nearby parcels' }).getByText(/parcels within 300 ft/)).toBeVisible();
    await map.shot('finder-nearby-phone');
  });
});
