// Embedding: remote-map's own standalone page (src/bootstrap.tsx) is a plain HTML page with no host,
// no store of ours and no React of its own; it calls mount() from remote-map's bundle. The test
// serves that page at a path of the host's origin (the origin the API's CORS list allows), with its
// scripts loaded from the remote-map server, and clicks a parcel there.
import { expect, MapPage, test } from '../pages/MapPage.ts';

const PORTAL_PATH = '/portal-embed-test.html';

// Not yet passing: the page is served and its bundle loads, but no map canvas appears (cause not yet found).
test.fixme('mount() renders the map screen in a plain HTML page and a parcel can be clicked there', async ({ page }) => {
  await page.goto('/');
  const sessionJwt = (await page.evaluate(() => localStorage.getItem('session_jwt')))!;
  const config = await (await page.request.get('/config.json')).json();
  const remoteOrigin = new URL(config.remotes.remote_map).origin;
  const html = await (await page.request.get(`${remoteOrigin}/index.html`)).text();
  const portal = html.replace(/(src|href)="(?!data:|https?:)([^"]+)"/g, `$1="${remoteOrigin}/$2"`);

  await page.route(`**${PORTAL_PATH}*`, (route) => route.fulfill({ contentType: 'text/html', body: portal }));
  await page.goto(`${PORTAL_PATH}?api=${encodeURIComponent(config.apiBaseUrl)}&jwt=${encodeURIComponent(sessionJwt)}`);
  // The page brought no React and no store of its own: nothing but remote-map's bundle runs.
  expect(await page.evaluate(() => document.querySelectorAll('script').length)).toBe(1);

  const map = new MapPage(page);
  await map.waitForParcels();
  const pin = await map.clickParcelNear(0.5, 0.5);
  expect(await map.selectedPin()).toBe(pin);
  await expect(map.field('Owner')).not.toBeEmpty();
  await map.shot('embedded-portal');
});
