import { expect, test } from '@playwright/test';
import { MapPage } from '../pages/MapPage.ts';
import { stopServer } from '../fixtures/servers.ts';
import { originOf, PORTS } from '../../scripts/ports.mjs';
import { screenshotPath } from '../fixtures/paths.ts';

const mapManifest = `${originOf(PORTS.remote_map)}/mf-manifest.json`;

test('a remote whose server is down shows the fallback in its place while the map keeps working', async ({ page }) => {
  const restart = await stopServer('remote-saved-parcels');
  try {
    await page.goto('/');
    const map = new MapPage(page);
    await map.waitForParcels();
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(page.getByText('The component failed to render')).toBeVisible();
    await page.screenshot({ path: screenshotPath('remote-down') });

    await map.clickCentre();
    await expect(map.detailPanel().getByRole('heading', { name: /PIN \d{10}/ })).toBeVisible();
  } finally {
    await restart();
  }
  // Back up: the fallback's retry renders the remote without a page reload.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Something went wrong')).toBeHidden();
});

test('a remote that hangs past the load timeout shows the fallback; the rest of the app works', async ({ page }) => {
  // The map remote's manifest is requested but never answered.
  await page.route(mapManifest, () => {});
  await page.goto('/');
  await expect(page.getByText('Something went wrong')).toBeVisible({ timeout: 20_000 });
  await page.unroute(mapManifest);
  await page.getByRole('button', { name: 'Try again' }).click();
  await new MapPage(page).waitForParcels();
});
