// Imagery under a county (issue #41): the real SPOT image of Chicago (NAD27 / Illinois East, US feet),
// imported by the import command while the product runs, becomes a base map choice; picked from the
// menu, the photo is drawn over Navy Pier from its own tiles, outlines turn yellow (a satellite style),
// the attribution names it, and it stays on the map zoomed out and on a phone.
import path from 'node:path';
import { expect, test } from '../fixtures/mapUser.ts';
import { countyCommand } from '../fixtures/countyCommands.ts';
import { REPO_DIR } from '../fixtures/paths.ts';
import { MapPage } from '../pages/MapPage.ts';

const SPOT_CHICAGO = path.resolve(REPO_DIR, '../shared/data/imagery/SP27GTIF.tiff');
const NAME = 'e2e-spot-chicago';
const LABEL = 'SPOT Chicago 1990';
// Navy Pier and the Loop beside it.
const PIER_VIEW = '-87.61000,41.88900,14.00';

test.afterAll(async () => {
  await countyCommand(['county-data/src/cli/datasetsCli.ts', 'remove', NAME, '--imagery']).catch(() => undefined);
});

/** Distinct grey levels in the middle of the map: a photo has many, a blank or flat background one or two. */
async function greyLevelsInTheMiddle(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(() => {
    const source = document.querySelector<HTMLCanvasElement>('canvas.mapboxgl-canvas')!;
    const copy = document.createElement('canvas');
    copy.width = 64;
    copy.height = 64;
    const context = copy.getContext('2d')!;
    context.drawImage(source, source.width * 0.3, source.height * 0.3, source.width * 0.4, source.height * 0.4, 0, 0, 64, 64);
    const { data } = context.getImageData(0, 0, 64, 64);
    const levels = new Set<number>();
    for (let i = 0; i < data.length; i += 4) levels.add(data[i]! >> 3);
    return levels.size;
  });
}

test('imported while the product runs, the Chicago image is a base map drawn under yellow outlines, zoomed out and on a phone', async ({ page }) => {
  test.slow(); // an import, then several map loads on a shared machine
  const output = await countyCommand(['county-data/src/cli/importCli.ts', SPOT_CHICAGO, '--imagery', NAME, '--label', LABEL, '--attribution', 'SPOT Image (OSGeo GeoTIFF samples)']);
  expect(output).toMatch(new RegExp(`published as version \\d+ of imagery '${NAME}' \\("${LABEL}"\\) in the running API`));

  const imageryTiles: number[] = [];
  page.on('response', (response) => {
    if (new RegExp(`/tiles/imagery/${NAME}/\\d+/\\d+/\\d+\\.webp\\?v=\\d+$`).test(response.url())) imageryTiles.push(response.status());
  });
  const map = new MapPage(page);
  await page.goto(`/?view=${PIER_VIEW}`);
  await map.waitForParcels();
  const before = await greyLevelsInTheMiddle(page);

  await map.control('Base map').click();
  const menu = page.getByRole('menu', { name: 'Base map' });
  await menu.getByRole('menuitemradio', { name: `Imagery — ${LABEL}` }).click();
  await expect(menu).toBeHidden();
  await expect(map.container()).toHaveAttribute('data-outline-color', '#ffff00');
  await map.waitForParcels();
  expect(imageryTiles.filter((status) => status === 200).length).toBeGreaterThan(0);
  expect(await greyLevelsInTheMiddle(page)).toBeGreaterThan(Math.max(before, 8));
  await expect(page.locator('.mapboxgl-ctrl-attrib')).toContainText(LABEL);
  await map.shot('imagery-chicago');

  // Zoomed out to the city, the photo is still there (its coarser levels), not a dark page.
  await page.goto(`/?view=-87.62000,41.87000,10.50&style=imagery-${NAME}`);
  await map.waitForParcels();
  expect(await greyLevelsInTheMiddle(page)).toBeGreaterThan(8);
  await map.shot('imagery-chicago-zoomed-out');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?view=${PIER_VIEW}&style=imagery-${NAME}`);
  await map.waitForParcels();
  await expect(map.container()).toHaveAttribute('data-outline-color', '#ffff00');
  expect(await greyLevelsInTheMiddle(page)).toBeGreaterThan(8);
  await map.shot('imagery-chicago-phone');
  expect(imageryTiles.every((status) => status === 200 || status === 204)).toBe(true);
});
