import { connectionRefused, type ExpectedPageError } from '../fixtures/pageErrors.ts';
import { expect, test } from '../fixtures/test.ts';
import { MapPage } from '../pages/MapPage.ts';
import { originOf, PORTS } from '../../scripts/ports.mjs';
import { screenshot } from '../fixtures/screenshots.ts';

const mapManifest = `${originOf(PORTS.remote_map)}/mf-manifest.json`;

/** A remote module that did not load is logged thrice: by the host's loader, by React and by the error boundary that shows the fallback. */
function remoteLoadFailure(module: string, error: RegExp): ExpectedPageError[] {
  const why = `${module} does not load in this test`;
  const escaped = module.replace('/', '\\/');
  return [
    { text: new RegExp(`^Remote ${escaped} failed to load ${error.source}`), why },
    { text: new RegExp(`^${error.source}`), why },
    { text: new RegExp(`^\\[${escaped}\\] render failed ${error.source}`), why },
  ];
}

test('a remote whose server is down shows the fallback in its place while the map keeps working', async ({ page, pageErrors, servers }) => {
  await servers.stop('remote-saved-parcels');
  pageErrors.expect(
    connectionRefused(originOf(PORTS.remote_saved_parcels), 'remote-saved-parcels is stopped'),
    ...remoteLoadFailure('remote_saved_parcels/SavedParcels', /Error: \[ Federation Runtime \]: Failed to get manifest\./),
  );
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByText('The component failed to render')).toBeVisible();
  // The card names what could not load, and the button that would open it says so.
  await expect(page.getByText('My Saved Parcels could not be loaded.')).toBeVisible();
  const savedButton = map.controls().getByRole('button', { name: 'Saved parcels' });
  await expect(savedButton).toBeDisabled();
  await expect(savedButton).toHaveAttribute('title', 'My Saved Parcels could not be loaded.');
  await screenshot(page, 'remote-down');

  await map.clickCentre();
  await expect(map.detailPanel().getByRole('heading', { name: /PIN \d{10}/ })).toBeVisible();

  await servers.start('remote-saved-parcels');
  // Back up: the fallback's retry renders the remote without a page reload.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Something went wrong')).toBeHidden();
  await expect(savedButton).toBeEnabled();
});

test('a remote that hangs past the load timeout shows the fallback; the rest of the app works', async ({ page, pageErrors }) => {
  pageErrors.expect(...remoteLoadFailure('remote_map/MapScreen', /RemoteLoadError: remote_map\/MapScreen did not load within \d+ ms/));
  // The map remote's manifest is requested but never answered.
  await page.route(mapManifest, () => {});
  await page.goto('/');
  await expect(page.getByText('Something went wrong')).toBeVisible({ timeout: 20_000 });
  await page.unroute(mapManifest);
  await page.getByRole('button', { name: 'Try again' }).click();
  await new MapPage(page).waitForParcels();
});
