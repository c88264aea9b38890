// The screens issue #25 changed, at the desktop (1280 × 800) and phone (390 × 844) sizes, as
// screenshots in e2e/screenshots/ for a person to look at; each waits for what it shows. Runs only with
// SCREENSHOTS=1: what it waits for is checked by the specs that own those screens.
import { expect, test } from '../fixtures/mapUser.ts';
import { SCREENSHOTS } from '../fixtures/screenshots.ts';
import { MapPage, OPENING_VIEW } from '../pages/MapPage.ts';
import { SavedParcelsPage } from '../pages/SavedParcelsPage.ts';

test.skip(!SCREENSHOTS, 'pictures for people only: run with SCREENSHOTS=1');

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`issue #25 screens at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const map = new MapPage(page);

    await page.goto(`/?view=${OPENING_VIEW.lng},${OPENING_VIEW.lat},12`);
    await expect(page.getByText('Zoom in to see parcels')).toBeVisible();
    await map.shot(`issue25-${size}-zoom-hint`);

    await page.goto('/');
    await map.waitForParcels();
    await map.clickParcelNear(0.5, 0.3);
    await map.selectedPin();
    await expect(map.detailPanel().getByRole('button', { name: 'Share link' })).toBeVisible();
    await map.shot(`issue25-${size}-panel-share`);

    await map.control('Measure').click();
    const palette = page.getByRole('region', { name: 'Measure' });
    await expect(palette).toBeVisible();
    await map.shot(`issue25-${size}-measure-palette`);
    // A marked point, and the dialog that saves it as a markup.
    await palette.getByRole('button', { name: 'Mark Point' }).click();
    const canvas = (await map.canvas().boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height * 0.25);
    await palette.getByRole('button', { name: 'Save as markup' }).click();
    await expect(page.getByRole('dialog', { name: 'Save Markup' })).toBeVisible();
    await map.shot(`issue25-${size}-save-markup`);
    await page.keyboard.press('Escape');
    await map.control('Measure').click();

    await map.control('Print parcel report').click();
    await expect(page.getByRole('dialog', { name: 'Print as PDF' }).getByRole('button', { name: 'Create PDF' })).toBeVisible();
    await map.shot(`issue25-${size}-print-dialog`);
    await page.keyboard.press('Escape');

    await map.openMenu();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('radio').first()).toBeVisible();
    await map.shot(`issue25-${size}-settings-dialog`);
    await page.keyboard.press('Escape');

    const saved = new SavedParcelsPage(page);
    await saved.openFromMenu();
    await expect(saved.sheet().getByText(/saved|not saved any/).first()).toBeVisible();
    await map.shot(`issue25-${size}-saved-sheet`);
    await saved.sheet().getByRole('tab', { name: 'Markups' }).click();
    await expect(saved.sheet().getByRole('tabpanel').getByText(/saved|not saved any/).first()).toBeVisible();
    await map.shot(`issue25-${size}-markups`);
  });
}
