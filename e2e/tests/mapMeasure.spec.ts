// Measuring on the live map (mapbox-gl-draw needs WebGL): the readout of a drawn line and polygon,
// checked against turf for the points clicked (pixel positions turned into coordinates with the
// Web-Mercator maths of the map), the shapes painted, the keys on the map, and a line kept as a markup.
// Two journeys and the markup one: each map load costs seconds of software WebGL. The palette's own
// states are tested in remote-map's MeasurePalette.test.tsx.
import type { Page } from '@playwright/test';
import { area, distance, polygon } from '@turf/turf';
import { expect, test } from '../fixtures/mapUser.ts';
import { canvasPixelsNear, MapPage, measureColouredPixels, unproject } from '../pages/MapPage.ts';
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
 * A box of canvas pixels on a shape's edge, clear of the vertex circles (drawn in the same colour),
 * read before anything is drawn there: the base map may hold a few pixels near the measure colour.
 */
async function shapeEdge(page: Page, box: [number, number, number, number]) {
  const before = await measureColouredPixels(page, box);
  return {
    /** Waits until the map has painted the shape's colour on the edge. */
    painted: () => expect.poll(() => measureColouredPixels(page, box)).toBeGreaterThan(before + 50),
    /** Waits until the shape is gone from the canvas: the box holds what it held before. */
    gone: () => expect.poll(() => measureColouredPixels(page, box)).toBeLessThan(before + 20),
  };
}

const numberIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)![1]!.replace(/,/g, ''));

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await new MapPage(page).waitForParcels();
});

test('measures a distance with per-segment lengths and an area in square feet and acres with its perimeter, each matching turf and painted', async ({ page }) => {
  const map = new MapPage(page);
  const line = await shapeEdge(page, [420, 295, 480, 305]); // the first segment runs from (400, 300) to (600, 300)
  const outline = await shapeEdge(page, [420, 245, 470, 255]); // the area's top edge runs from (400, 250) to (560, 250)
  await map.control('Measure').click();
  const palette = page.getByRole('region', { name: 'Measure' });
  await expect(palette).toBeVisible();
  const readout = palette.getByTestId('measure-readout');

  await test.step('a distance', async () => {
    await palette.getByRole('button', { name: 'Measure Distance' }).click();
    const coords = await clickPoints(page, map, [[400, 300], [600, 300], [600, 450]]);
    await expect(readout).toContainText('Distance:');
    await page.keyboard.press('Enter');

    const segments = [distance(coords[0]!, coords[1]!, { units: 'meters' }) * FT_PER_M, distance(coords[1]!, coords[2]!, { units: 'meters' }) * FT_PER_M];
    const total = segments[0]! + segments[1]!;
    await expect(readout).toContainText(/Distance: [\d.,]+ (ft|mi)/);
    const text = (await readout.textContent())!;
    const shown = /Distance: ([\d.,]+) mi/.test(text) ? numberIn(text, /Distance: ([\d.,]+) mi/) * 5280 : numberIn(text, /Distance: ([\d.,]+) ft/);
    expect(Math.abs(shown - total)).toBeLessThan(0.006 * 5280);
    await expect(readout.getByRole('listitem')).toHaveCount(2);
    // No parcel was selected by the measuring clicks.
    await expect(map.detailPanel()).toBeHidden();
    // The line is painted on the map, not only measured.
    await line.painted();
    await map.shot('measure-distance');

    await palette.getByRole('button', { name: 'Clear Measurement' }).click();
    await expect(readout).toBeEmpty();
    await line.gone();
  });

  await test.step('an area', async () => {
    await palette.getByRole('button', { name: 'Measure Area' }).click();
    const coords = await clickPoints(page, map, [[400, 250], [560, 250], [560, 400], [400, 400]]);
    await page.keyboard.press('Enter');
    await expect(readout).toContainText(/Area: [\d,]+ sq ft \([\d.,]+ acres\) · Perimeter:/);
    const text = (await readout.textContent())!;
    const ring = [...coords, coords[0]!];
    const expectedSqFt = area(polygon([ring])) * FT_PER_M * FT_PER_M;
    const shownSqFt = numberIn(text, /Area: ([\d,]+) sq ft/);
    expect(Math.abs(shownSqFt - expectedSqFt) / expectedSqFt).toBeLessThan(0.001);
    expect(numberIn(text, /\(([\d.,]+) acres\)/)).toBeCloseTo(expectedSqFt / 43560, 1);
    await expect(readout.getByRole('listitem')).toHaveCount(4);
    await outline.painted();
    await map.shot('measure-area');

    // Closing the palette takes the shape off the map.
    await palette.getByRole('button', { name: 'Close' }).click();
    await expect(palette).toBeHidden();
    await expect(map.control('Measure')).toHaveAttribute('aria-pressed', 'false');
    await outline.gone();
  });
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

test('the keys on the map: 1, 2 and 3 choose the tool, Enter finishes, Delete and Backspace trash, Escape cancels; a line of one point or an area of two corners is discarded', async ({ page }) => {
  const map = new MapPage(page);
  const line = await shapeEdge(page, [420, 295, 580, 305]); // a line from (400, 300) to (600, 300)
  const shortLine = await shapeEdge(page, [420, 295, 480, 305]); // one from (400, 300) to (500, 300)
  const outline = await shapeEdge(page, [420, 245, 470, 255]); // an area's top edge from (400, 250) to (560, 250)
  const liveLine = await shapeEdge(page, [320, 295, 380, 305]); // from (400, 300) to the pointer at (300, 300)
  const { palette, readout, distance, area } = await openPaletteOnCanvas(page, map);

  await test.step('1, 2 and 3 choose point, distance and area; Enter finishes the shape', async () => {
    // 1 is the point control, Mark Point (markups).
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
    await line.gone();
    await clickPoints(page, map, [[400, 250], [560, 250], [560, 400]]);
    await page.keyboard.press('Enter');
    await expect(readout).toContainText(/Area: [\d,]+ sq ft/);
    await expect(area).toHaveAttribute('aria-pressed', 'false');
    await outline.painted();

    // Finished: further clicks add no vertex, so the readout stays as it was.
    const finished = await readout.textContent();
    await clickPoints(page, map, [[700, 500]]);
    await expect(map.container()).toHaveAttribute('data-map-state', 'idle');
    await expect(readout).toHaveText(finished!);
  });

  await test.step('Delete trashes the finished shape', async () => {
    // A tool chosen again starts afresh: the area goes.
    await page.keyboard.press('2');
    await outline.gone();
    await clickPoints(page, map, [[400, 300], [600, 300], [600, 450]]);
    await page.keyboard.press('Enter');
    await expect(readout).toContainText('Distance:');
    await line.painted();
    // Finished just now, the line is still the selected shape, which Delete trashes.
    await page.keyboard.press('Delete');
    await expect(readout).toBeEmpty();
    await line.gone();
  });

  await test.step('Backspace trashes the shape being drawn', async () => {
    await page.keyboard.press('2');
    await clickPoints(page, map, [[400, 300], [600, 300]]);
    await expect(readout).toContainText('Distance:');
    await line.painted();
    await page.keyboard.press('Backspace');
    await expect(readout).toBeEmpty();
    await expect(distance).toHaveAttribute('aria-pressed', 'false');
    await line.gone();
  });

  await test.step('Escape cancels the shape being drawn and leaves the palette open', async () => {
    await distance.click();
    await clickPoints(page, map, [[400, 300], [500, 300]]);
    await expect(readout).toContainText('Distance:');
    await shortLine.painted();
    await page.keyboard.press('Escape');
    await expect(readout).toBeEmpty();
    await expect(distance).toHaveAttribute('aria-pressed', 'false');
    await shortLine.gone();
    await expect(palette).toBeVisible();
  });

  await test.step('a line of one point and an area of two corners are discarded when drawing stops', async () => {
    await distance.click();
    await clickPoints(page, map, [[400, 300]]);
    // The live readout measures up to the cursor; the line itself has one point.
    await hover(page, map, [300, 300]);
    await expect(readout).toContainText('Distance:');
    await liveLine.painted();
    await page.keyboard.press('Enter');
    await expect(distance).toHaveAttribute('aria-pressed', 'false');
    await expect(readout).toBeEmpty();
    await liveLine.gone();

    await area.click();
    await clickPoints(page, map, [[400, 250], [560, 250]]);
    await hover(page, map, [500, 400]);
    await expect(readout).toContainText('Area:');
    await page.keyboard.press('Enter');
    await expect(area).toHaveAttribute('aria-pressed', 'false');
    await expect(readout).toBeEmpty();
    await outline.gone();
  });
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
  await item.getByRole('checkbox', { name: `Shown on map: ${name}` }).uncheck();
  await expect(item.getByRole('checkbox', { name: `Shown on map: ${name}` })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(saved.sheet()).toBeHidden();
  await expect(map.container()).toHaveAttribute('data-map-state', 'idle');
  await expect.poll(bluePixels).toBe(0);

  await saved.openFromMenu();
  await saved.sheet().getByRole('tab', { name: 'Markups' }).click();
  await item.getByRole('checkbox', { name: `Shown on map: ${name}` }).check();
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
