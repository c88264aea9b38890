// Measuring in real Chromium: the readout of a drawn line and polygon, checked against turf for the
// points clicked (pixel positions turned into coordinates with the Web-Mercator maths of the map).
import type { Page } from '@playwright/test';
import { area, distance, polygon } from '@turf/turf';
import { expect, test } from '../fixtures/mapUser.ts';
import { canvasPixelsNear, MapPage, unproject } from '../pages/MapPage.ts';
import { SavedParcelsPage } from '../pages/SavedParcelsPage.ts';

const FT_PER_M = 3.28084;
/** Moves the pointer to a canvas pixel: the live readout measures up to the cursor. */
async function hover(page: Page, map: MapPage, [x, y]: [number, number]) {
  const box = (await map.canvas().boundingBox())!;
  await page.mouse.move(box.x + x, box.y + y);
}

async function clickPoints(page: Page, map: MapPage, points: [number, number][]) {
  const box = (await map.canvas().boundingBox())!;
  for (const [x, y] of points) await page.mouse.click(box.x + x, box.y + y);
  return points.map(([x, y]) => unproject(x, y, box.width, box.height));
}

/**
 * Pixels of the measure colour (#e8590c) the map canvas holds inside a box of canvas pixels: the
 * drawn shape as painted, not as Draw stores it (the canvas keeps its buffer, see the controller).
 */
const measureColouredPixels = (page: Page, box: [number, number, number, number]) => canvasPixelsNear(page, [232, 89, 12], [24, 24, 48], box);

/**
 * Waits until the map has painted the drawn shape: its colour on the canvas in a box on one of its
 * edges, clear of the vertex circles (which are drawn in the same colour).
 */
async function expectShapePainted(page: Page, box: [number, number, number, number]) {
  await expect.poll(() => measureColouredPixels(page, box)).toBeGreaterThan(50);
}

/** Waits until the map shows no shape in the box: the measure colour is gone from it. */
async function expectNothingPainted(page: Page, box: [number, number, number, number]) {
  await expect.poll(() => measureColouredPixels(page, box)).toBe(0);
}

/** On the first segment of the lines drawn below, from (400, 300) to (600, 300). */
const LINE_EDGE: [number, number, number, number] = [420, 295, 480, 305];
/** On the top edge of the areas drawn below, from (400, 250) to (560, 250). */
const AREA_EDGE: [number, number, number, number] = [420, 245, 470, 255];

const numberIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)![1]!.replace(/,/g, ''));

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await new MapPage(page).waitForParcels();
});

test('measures a distance with a live readout, per-segment lengths, and matches turf', async ({ page }) => {
  const map = new MapPage(page);
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  await expect(palette).toBeVisible();
  await palette.getByRole('button', { name: 'Measure Distance' }).click();

  const coords = await clickPoints(page, map, [[400, 300], [600, 300], [600, 450]]);
  const readout = palette.getByTestId('measure-readout');
  await expect(readout).toContainText('Distance:');
  await page.keyboard.press('Enter');

  const segments = [distance(coords[0]!, coords[1]!, { units: 'meters' }) * FT_PER_M, distance(coords[1]!, coords[2]!, { units: 'meters' }) * FT_PER_M];
  const total = segments[0]! + segments[1]!;
  await expect(readout).toContainText(/Distance: [\d.,]+ (ft|mi)/);
  const text = (await readout.textContent())!;
  const shown = /Distance: ([\d.,]+) mi/.test(text) ? numberIn(text, /Distance: ([\d.,]+) mi/) * 5280 : numberIn(text, /Distance: ([\d.,]+) ft/);
  expect(Math.abs(shown - total)).toBeLessThan(0.006 * 5280);
  const items = readout.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // No parcel was selected by the measuring clicks.
  await expect(map.detailPanel()).toBeHidden();
  // The line is painted on the map, not only measured (the screenshot waits for it too): the first
  // segment runs from (400, 300) to (600, 300).
  await expectShapePainted(page, LINE_EDGE);
  await map.shot('measure-distance');

  await palette.getByRole('button', { name: 'Clear Measurement' }).click();
  await expect(readout).toBeEmpty();
});

test('measures an area in square feet and acres with its perimeter, and matches turf', async ({ page }) => {
  const map = new MapPage(page);
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  await palette.getByRole('button', { name: 'Measure Area' }).click();

  const coords = await clickPoints(page, map, [[400, 250], [560, 250], [560, 400], [400, 400]]);
  await page.keyboard.press('Enter');
  const readout = palette.getByTestId('measure-readout');
  await expect(readout).toContainText(/Area: [\d,]+ sq ft \([\d.,]+ acres\) · Perimeter:/);
  const text = (await readout.textContent())!;
  const ring = [...coords, coords[0]!];
  const expectedSqFt = area(polygon([ring])) * FT_PER_M * FT_PER_M;
  const shownSqFt = numberIn(text, /Area: ([\d,]+) sq ft/);
  expect(Math.abs(shownSqFt - expectedSqFt) / expectedSqFt).toBeLessThan(0.001);
  expect(numberIn(text, /\(([\d.,]+) acres\)/)).toBeCloseTo(expectedSqFt / 43560, 1);
  await expect(readout.getByRole('listitem')).toHaveCount(4);
  // The outline's top edge runs from (400, 250) to (560, 250).
  await expectShapePainted(page, AREA_EDGE);
  await map.shot('measure-area');

  await palette.getByRole('button', { name: 'Close' }).click();
  await expect(palette).toBeHidden();
  await expect(map.control('Measure')).toHaveAttribute('aria-pressed', 'false');
  await expectNothingPainted(page, AREA_EDGE);
});

/** Opens the palette and puts the keyboard on the map canvas, where Draw and the measure keys listen. */
async function openPaletteOnCanvas(page: Page, map: MapPage) {
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  await expect(palette).toBeVisible();
  await map.canvas().focus();
  return {
    palette,
    readout: palette.getByTestId('measure-readout'),
    distance: palette.getByRole('button', { name: 'Measure Distance' }),
    area: palette.getByRole('button', { name: 'Measure Area' }),
  };
}

test('keys 1, 2 and 3 choose point, distance and area on the map, Enter finishes the shape', async ({ page }) => {
  const map = new MapPage(page);
  const { palette, readout, distance, area } = await openPaletteOnCanvas(page, map);

  // 1 is the point control, Mark Point (markups, issue #25).
  await page.keyboard.press('1');
  await expect(palette.getByRole('button', { name: 'Mark Point' })).toHaveAttribute('aria-pressed', 'true');
  await expect(palette.getByText('Click the map to mark a point, Escape to cancel.')).toBeVisible();

  await page.keyboard.press('2');
  await expect(distance).toHaveAttribute('aria-pressed', 'true');
  await clickPoints(page, map, [[400, 300], [600, 300]]);
  await expect(readout).toContainText('Distance:');

  // 3 switches to area and, like the button, clears the line drawn so far.
  await page.keyboard.press('3');
  await expect(area).toHaveAttribute('aria-pressed', 'true');
  await expect(distance).toHaveAttribute('aria-pressed', 'false');
  await expect(readout).toBeEmpty();
  await clickPoints(page, map, [[400, 250], [560, 250], [560, 400]]);
  await page.keyboard.press('Enter');
  await expect(readout).toContainText(/Area: [\d,]+ sq ft/);
  await expect(area).toHaveAttribute('aria-pressed', 'false');
  await expectShapePainted(page, AREA_EDGE);

  // Finished: further clicks add no vertex, so the readout stays as it was.
  const finished = await readout.textContent();
  await clickPoints(page, map, [[700, 500]]);
  await expect(map.container()).toHaveAttribute('data-map-state', 'idle');
  await expect(readout).toHaveText(finished!);
});

test('Delete trashes the finished shape and Backspace the one being drawn', async ({ page }) => {
  const map = new MapPage(page);
  const { readout, distance } = await openPaletteOnCanvas(page, map);

  await page.keyboard.press('2');
  await clickPoints(page, map, [[400, 300], [600, 300], [600, 450]]);
  await page.keyboard.press('Enter');
  await expect(readout).toContainText('Distance:');
  await expectShapePainted(page, LINE_EDGE);
  await page.keyboard.press('Delete');
  await expect(readout).toBeEmpty();
  await expectNothingPainted(page, LINE_EDGE);

  await page.keyboard.press('2');
  await clickPoints(page, map, [[400, 300], [600, 300]]);
  await expect(readout).toContainText('Distance:');
  await page.keyboard.press('Backspace');
  await expect(readout).toBeEmpty();
  await expect(distance).toHaveAttribute('aria-pressed', 'false');
  await expectNothingPainted(page, LINE_EDGE);
});

test('Escape cancels the shape being drawn', async ({ page }) => {
  const map = new MapPage(page);
  const { readout, distance } = await openPaletteOnCanvas(page, map);
  await distance.click();
  await clickPoints(page, map, [[400, 300], [500, 300]]);
  await expect(readout).toContainText('Distance:');
  await page.keyboard.press('Escape');
  await expect(readout).toBeEmpty();
  await expect(distance).toHaveAttribute('aria-pressed', 'false');
  await expectNothingPainted(page, LINE_EDGE);
  // Escape on the map cancels the drawing; the palette stays open.
  await expect(page.getByRole('region', { name: 'Measure' })).toBeVisible();
});

test('a line of one point and an area of two corners are discarded when drawing stops', async ({ page }) => {
  const map = new MapPage(page);
  const { readout, distance, area } = await openPaletteOnCanvas(page, map);

  await distance.click();
  await clickPoints(page, map, [[400, 300]]);
  // The live readout measures up to the cursor; the line itself has one point.
  await hover(page, map, [300, 300]);
  await expect(readout).toContainText('Distance:');
  await page.keyboard.press('Enter');
  await expect(distance).toHaveAttribute('aria-pressed', 'false');
  await expect(readout).toBeEmpty();
  // The vertex clicked at (400, 300) is gone too.
  await expectNothingPainted(page, [380, 290, 420, 310]);

  await area.click();
  await clickPoints(page, map, [[400, 250], [560, 250]]);
  await hover(page, map, [500, 400]);
  await expect(readout).toContainText('Area:');
  await page.keyboard.press('Enter');
  await expect(area).toHaveAttribute('aria-pressed', 'false');
  await expect(readout).toBeEmpty();
  await expectNothingPainted(page, AREA_EDGE);
});

test('a measured line is saved as a markup with a name and colour, listed, hidden and shown, renamed and deleted', async ({ page }) => {
  const map = new MapPage(page);
  const saved = new SavedParcelsPage(page);
  const name = `Fence ${Date.now()}`;
  const { palette, distance } = await openPaletteOnCanvas(page, map);
  await distance.click();
  await clickPoints(page, map, [[400, 300], [600, 300]]);
  await page.keyboard.press('Enter');
  await palette.getByRole('button', { name: 'Save as markup' }).click();

  const dialog = page.getByRole('dialog', { name: 'Save Markup' });
  await expect(dialog.getByText(/^Distance: [\d.,]+ (ft|mi)$/)).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: 'Blue' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(saved.notice(`Saved markup ${name}.`)).toBeVisible();

  // With the measurement cleared, the blue line on the map is the markup.
  await palette.getByRole('button', { name: 'Close' }).click();
  const bluePixels = () => canvasPixelsNear(page, [0x19, 0x71, 0xc2], [24, 24, 32], [420, 295, 580, 305]);
  await expect.poll(bluePixels).toBeGreaterThan(50);

  await saved.openFromMenu();
  await saved.sheet().getByRole('tab', { name: 'Markups' }).click();
  const item = saved.sheet().getByRole('listitem', { name });
  await expect(item.getByText(/^Line · saved/)).toBeVisible();
  await map.shot('markups-tab');
  await item.getByRole('checkbox', { name: `Show ${name} on map` }).uncheck();
  await expect(item.getByRole('checkbox', { name: `Show ${name} on map` })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(saved.sheet()).toBeHidden();
  await expect(map.container()).toHaveAttribute('data-map-state', 'idle');
  await expect.poll(bluePixels).toBe(0);

  await saved.openFromMenu();
  await saved.sheet().getByRole('tab', { name: 'Markups' }).click();
  await item.getByRole('checkbox', { name: `Show ${name} on map` }).check();
  await item.getByRole('button', { name: `Rename ${name}` }).click();
  await item.getByLabel('New name').fill(`${name} north`);
  await item.getByRole('button', { name: 'Save name' }).click();
  const renamed = saved.sheet().getByRole('listitem', { name: `${name} north` });
  await expect(renamed).toBeVisible();
  await page.keyboard.press('Escape');
  await expect.poll(bluePixels).toBeGreaterThan(50);

  await saved.openFromMenu();
  await saved.sheet().getByRole('tab', { name: 'Markups' }).click();
  await renamed.getByRole('button', { name: `Delete ${name} north` }).click();
  await renamed.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(renamed).toBeHidden();
  await page.keyboard.press('Escape');
  await expect.poll(bluePixels).toBe(0);
});
