// axe-core scans of the login page, the map screen and the open detail panel: no serious or critical
// violation (issue #5 §10).
import { expect, test } from '../fixtures/mapUser.ts';
import { seriousViolations } from '../fixtures/accessibility.ts';
import { MapPage } from '../pages/MapPage.ts';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the login page has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Get Link' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the map screen and the open detail panel have no serious or critical accessibility violation', async ({ page }) => {
  test.slow(); // several full map loads or axe scans on a shared, loaded machine
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  expect(await seriousViolations(page)).toEqual([]);

  await map.clickParcelNear(0.5, 0.5);
  await map.selectedPin();
  expect(await seriousViolations(page)).toEqual([]);

  await map.control('Overlays').click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every map control is reachable with Tab and shows a focus ring', async ({ page }) => {
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  const seen = new Set<string>();
  for (let i = 0; i < 40 && seen.size < 9; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element?.closest('[role="toolbar"]')) return null;
      const style = getComputedStyle(element);
      return { name: element.getAttribute('aria-label'), outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
    });
    if (focused?.name) {
      expect(focused.outline, `${focused.name} shows a focus ring`).toBe(true);
      seen.add(focused.name);
    }
  }
  expect([...seen].sort()).toEqual(['Base map', 'Contour lines', 'Measure', 'My location', 'Overlays', 'Print parcel report', 'Saved parcels', 'Zoom in', 'Zoom out']);
  await map.shot('keyboard-focus');
});
