// axe-core scans of every screen at the desktop (1280 × 800) and phone (390 × 844) sizes: no
// violation of any impact (issue #25 point 7); the map's controls reachable with Tab, in the order
// menu, search box, map controls, map (issue #44); a measurement drawn from the keyboard.
import { violations } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/mapUser.ts';
import { test as baseTest } from '../fixtures/test.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapPage, OPENING_VIEW } from '../pages/MapPage.ts';
import { SavedParcelsPage } from '../pages/SavedParcelsPage.ts';
import { DataPage } from '../pages/DataPage.ts';

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

for (const [size, viewport] of VIEWPORTS) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test.describe('signed out', () => {
      test.use({ storageState: { cookies: [], origins: [] } });

      test('the login page has no accessibility violation', async ({ page }) => {
        await page.goto('/login');
        await expect(page.getByRole('button', { name: 'Get Link' })).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    });

    test('the map, the open panel, the saved sheet, the markups, the shortcuts and the print report have no accessibility violation', async ({ page }) => {
      test.slow(); // several axe scans of the map screen on a shared, loaded machine
      const map = new MapPage(page);
      await page.goto('/');
      await map.waitForParcels();
      expect(await violations(page), 'map').toEqual([]);

      await map.clickParcelNear(0.5, 0.3);
      await map.selectedPin();
      expect(await violations(page), 'panel open').toEqual([]);

      // The search box with text and its suggestions (the geocoder's clear button among them).
      const pin = await map.selectedPin();
      await map.search().fill(pin.slice(0, -1));
      await map.search().pressSequentially(pin.slice(-1));
      await expect(page.locator('.mapboxgl-ctrl-geocoder .suggestions li').first()).toBeVisible();
      expect(await violations(page), 'search suggestions').toEqual([]);
      await map.shot(`a11y-${size}-search-suggestions`);
      await map.search().press('Escape');

      const saved = new SavedParcelsPage(page);
      await saved.openFromMenu();
      await expect(saved.sheet().getByText(/not saved any|saved$/).first()).toBeVisible();
      expect(await violations(page), 'saved sheet').toEqual([]);
      await saved.sheet().getByRole('tab', { name: 'Markups' }).click();
      await expect(saved.sheet().getByRole('tabpanel')).toBeVisible();
      await expect(saved.sheet().getByText(/not saved any markups|saved$/).first()).toBeVisible();
      expect(await violations(page), 'markups').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(saved.sheet()).toBeHidden();

      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      expect(await violations(page), 'shortcuts').toEqual([]);
      await page.keyboard.press('Escape');

      await map.control('Print parcel report').click();
      await expect(page.getByRole('dialog', { name: 'Print as PDF' }).getByRole('button', { name: 'Create PDF' })).toBeVisible();
      expect(await violations(page), 'print dialog').toEqual([]);
    });
  });

  baseTest.describe(`an administrator at ${size} size`, () => {
    baseTest.use({ viewport, storageState: { cookies: [], origins: [] } });

    baseTest('the Data page has no accessibility violation', async ({ page }) => {
      await new LoginPage(page).signInWithMagicLink('admin@example.com');
      await new DataPage(page).goto();
      expect(await violations(page)).toEqual([]);
    });
  });
}

test('every map control is reachable with Tab and shows a focus ring; a parcel is chosen, saved and found on the map with the keyboard alone', async ({ page }) => {
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  const { pin } = await map.findParcel(0.5, 0.5);

  // Every control of the toolbar in the Tab order, each with a visible focus ring.
  const seen = new Set<string>();
  for (let i = 0; i < 40 && seen.size < 10; i += 1) {
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
  expect([...seen].sort()).toEqual(['Base map', 'Contour lines', 'Measure', 'My location', 'Overlays', 'Print parcel report', 'Query parcels', 'Saved parcels', 'Zoom in', 'Zoom out']);
  await map.shot('keyboard-focus');

  // The search: Tab on to the box, type the PIN, choose the suggestion with the arrow keys and Enter.
  for (let i = 0; i < 40 && !(await map.search().evaluate((input) => input === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(map.search()).toBeFocused();
  await page.keyboard.type(pin, { delay: 30 });
  const suggestion = page.locator('.mapboxgl-ctrl-geocoder .suggestions li', { hasText: `PIN ${pin}` });
  await expect(suggestion).toBeVisible();
  // Nothing is highlighted until an arrow key (Enter then would open the results panel); the first
  // ArrowDown highlights the first suggestion, which the box announces as its active option.
  for (let i = 0; i < 8 && (await suggestion.getAttribute('aria-selected')) !== 'true'; i += 1) await page.keyboard.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await expect(map.search()).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  expect(await map.selectedPin()).toBe(pin);
  // The panel takes the focus; 'Save parcel' is at most three Tab presses on.
  await expect(map.detailPanel()).toBeFocused();
  let presses = 0;
  const save = map.detailPanel().getByRole('button', { name: 'Save parcel' });
  while (presses < 3 && !(await save.evaluate((button) => button === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Save Parcel Location' })).toBeVisible();
  await page.keyboard.press('Escape');
  await map.detailPanel().getByRole('button', { name: 'Close parcel details' }).press('Enter');
  await expect(map.detailPanel()).toBeHidden();

  // The map: focused from the keyboard it shows a crosshair at its centre (the arrow keys move the
  // map under it); Enter selects what is under it.
  for (let i = 0; i < 40 && !(await map.canvas().evaluate((canvas) => canvas === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(map.canvas()).toBeFocused();
  await expect(map.canvas()).toHaveAttribute('aria-label', /Enter selects the parcel at the centre/);
  expect(await map.container().evaluate((container) => getComputedStyle(container, '::after').content)).not.toBe('none');
  // The flight to the chosen parcel drew new tiles: on a loaded machine they may take a while.
  await map.waitForParcels();
  const view = map.viewFromUrl()!;
  const under = await map.apiGet<{ pin: string }>(`/api/parcels/at?lng=${view.lng}&lat=${view.lat}`);
  await map.shot('keyboard-crosshair');
  await page.keyboard.press('Enter');
  expect(await map.selectedPin()).toBe(under.pin);
  // Selecting from the map leaves the focus on the map, and the panel says what opened.
  await expect(map.canvas()).toBeFocused();
  await expect(map.detailPanel().locator('[aria-live="polite"]').first()).toContainText(`Details of parcel ${under.pin} opened:`);

  // '?' lists the shortcuts; Escape closes the list.
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Select the parcel under the crosshair');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
});

/** Where the focused element is on the map screen: the part of the Tab order it belongs to. */
function focusedPart(): { part: string; name: string } | null {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return null;
  const name = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? element.textContent?.trim() ?? element.tagName;
  if (element.matches('canvas.mapboxgl-canvas')) return { part: 'map', name };
  if (element.closest('[role="toolbar"]') || element.closest('.mapboxgl-control-container')) return { part: 'controls', name };
  if (element.closest('.mapboxgl-ctrl-geocoder')) return { part: 'search', name };
  if (element.getAttribute('aria-label') === 'Open menu') return { part: 'menu', name };
  return { part: 'other', name };
}

for (const [size, viewport] of VIEWPORTS) {
  test.describe(`tab order at ${size} size`, () => {
    test.use({ viewport });

    test("Tab from the page's start goes to the menu, the search box, the map controls (the toolbar, the attribution), then the map", async ({ page }) => {
      const map = new MapPage(page);
      await page.goto('/');
      await map.waitForParcels();
      // The layout the DOM order must not change: the box beside the menu button, the toolbar on the right.
      await map.shot(`tab-order-${size}`);

      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const focused: { part: string; name: string }[] = [];
      for (let i = 0; i < 30 && focused.at(-1)?.part !== 'map'; i += 1) {
        await page.keyboard.press('Tab');
        const part = await page.evaluate(focusedPart);
        if (part) focused.push(part);
      }
      const parts = focused.map(({ part }) => part).filter((part, index, all) => part !== all[index - 1]);
      expect(parts, focused.map(({ part, name }) => `${part}: ${name}`).join('\n')).toEqual(['menu', 'search', 'controls', 'map']);
      const controls = focused.filter(({ part }) => part === 'controls').map(({ name }) => name);
      // The toolbar's first, then mapbox-gl's own (the attribution; the logo when it shows one).
      expect(controls.at(0)).toBe('Overlays');
      expect(controls.indexOf('Toggle attribution')).toBeGreaterThan(controls.indexOf('Zoom out'));

      // The box's suggestions open over the map, below the menu button's row.
      await map.search().fill('Sadd');
      await map.search().pressSequentially('l');
      await expect(page.locator('.mapboxgl-ctrl-geocoder .suggestions li').first()).toBeVisible();
      await map.shot(`tab-order-${size}-suggestions`);
    });
  });
}

/** Metres between two points on mapbox-gl's and turf's sphere. */
function metresBetween(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

test('a measurement is drawn from the keyboard: the arrow keys move the map under the crosshair, Enter adds a vertex there, the palette shows the length; Escape cancels', async ({ page }) => {
  const map = new MapPage(page);
  await page.goto('/');
  await map.waitForParcels();
  await map.control('Measure').press('Enter');
  const palette = page.getByRole('region', { name: 'Measure' });
  const readout = palette.getByTestId('measure-readout');
  const distance = palette.getByRole('button', { name: 'Measure Distance' });
  await map.canvas().focus();
  await page.keyboard.press('2');
  await expect(distance).toHaveAttribute('aria-pressed', 'true');
  await expect(map.canvas()).toBeFocused();

  /** The map's centre once the arrow keys' pan has ended (the URL follows the camera on moveend). */
  const panWith = async (key: string, presses: number) => {
    const before = map.viewFromUrl() ?? OPENING_VIEW;
    for (let i = 0; i < presses; i += 1) await page.keyboard.press(key);
    await expect.poll(() => map.viewFromUrl()?.lng !== before.lng || map.viewFromUrl()?.lat !== before.lat).toBe(true);
    await expect(map.container()).toHaveAttribute('data-map-state', 'idle');
    // Each press eases the map on; the last ease has ended when two reads a moment apart agree.
    let settled = map.viewFromUrl()!;
    await expect
      .poll(() => {
        const previous = settled;
        settled = map.viewFromUrl()!;
        return settled.lng === previous.lng && settled.lat === previous.lat;
      })
      .toBe(true);
    return settled;
  };

  // The first vertex at the crosshair, the second where the arrow keys took it.
  // The URL carries the view once the camera has moved; until then it is the opening one.
  const first = map.viewFromUrl() ?? OPENING_VIEW;
  await page.keyboard.press('Enter');
  const second = await panWith('ArrowRight', 3);
  await page.keyboard.press('Enter');
  const miles = (text: string) => {
    const [, value, unit] = /Distance: ([\d.,]+) (ft|mi)/.exec(text) ?? [];
    return Number(value!.replace(/,/g, '')) / (unit === 'mi' ? 1 : 5280);
  };
  await expect(readout).toContainText(/Distance: [\d.,]+ (ft|mi)/);
  const expected = metresBetween(first, second) / 1609.344;
  expect(expected).toBeGreaterThan(0.1);
  expect(Math.abs(miles((await readout.textContent())!) - expected) / expected).toBeLessThan(0.03);

  // A third vertex makes it longer; the drawing goes on until Enter (twice on the last vertex) or Escape.
  const third = await panWith('ArrowUp', 2);
  await page.keyboard.press('Enter');
  const longer = expected + metresBetween(second, third) / 1609.344;
  await expect.poll(async () => Math.abs(miles((await readout.textContent())!) - longer) / longer).toBeLessThan(0.03);
  await expect(distance).toHaveAttribute('aria-pressed', 'true');
  await map.shot('keyboard-measuring');

  await page.keyboard.press('Escape');
  await expect(readout).toBeEmpty();
  await expect(distance).toHaveAttribute('aria-pressed', 'false');
  await expect(palette).toBeVisible();
});
