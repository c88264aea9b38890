// Embedding (issue #5 point 11): a portal is plain HTML with one script tag — no host, no store of ours,
// no React of its own and no Module Federation runtime. It loads remote-map's embed script
// (dist/parcel-map-embed.js, src/embed.ts) and calls window.ParcelMap.mount(element, { config, sessionJwt }).
// The test serves such a page at a path of the host's origin (the origin the API's CORS list allows),
// with the script from the remote-map server, and clicks a parcel there.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/mapUser.ts';
import { failedResponse } from '../fixtures/pageErrors.ts';
import { MapPage } from '../pages/MapPage.ts';

const PORTAL_PATH = '/portal-embed-test.html';

/**
 * A session JWT with minutes left: the one saved with the worker's storage state lives 5 minutes, so
 * the host page is opened first, and its identity client renews it.
 */
async function freshSessionJwt(page: Page): Promise<string> {
  await page.goto('/');
  const readJwt = () => page.evaluate(() => localStorage.getItem('session_jwt'));
  const secondsLeft = async () => {
    const jwt = await readJwt();
    if (!jwt) return 0;
    const { exp } = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
    return exp - Date.now() / 1000;
  };
  await expect.poll(secondsLeft, { message: 'the map user is signed in with a live session' }).toBeGreaterThan(120);
  const jwt = (await readJwt())!;
  // Leave the host page: its map remote may still be fetching chunks, which a test counting the
  // next page's requests must not see.
  await page.goto('about:blank');
  return jwt;
}

test('mount() renders the map screen in a plain HTML page, a parcel can be clicked there, and unmount() removes it', async ({ page, baseURL }) => {
  const sessionJwt = await freshSessionJwt(page);
  const config = await (await page.request.get('/config.json')).json();
  const remoteOrigin = new URL(config.remotes.remote_map).origin;

  const portal = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>County portal</title><link rel="icon" href="data:,"></head>
<body style="margin:0">
  <h1 style="font:16px sans-serif;margin:8px">County portal</h1>
  <div id="parcel-map" style="height:720px"></div>
  <script src="${remoteOrigin}/parcel-map-embed.js"></script>
  <script>
    window.unmountParcelMap = window.ParcelMap.mount(document.getElementById('parcel-map'), {
      config: ${JSON.stringify(config)},
      sessionJwt: ${JSON.stringify(sessionJwt)},
    });
  </script>
</body></html>`;
  // Chromium counts a page the test fulfils as public, and asks before a public page reaches loopback
  // servers (Local Network Access); a real portal, map server and API share one address space.
  await page.context().grantPermissions(['local-network-access'], { origin: baseURL });
  await page.route(`**${PORTAL_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: portal }));

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await page.goto(PORTAL_PATH);
  const map = new MapPage(page);
  await map.waitForParcels();
  await map.shot('embedded-portal-map');

  const pin = await map.clickParcelNear(0.5, 0.5);
  expect(await map.selectedPin()).toBe(pin);
  await expect(map.field('Owner')).not.toBeEmpty();
  await map.shot('embedded-portal');

  // Nothing of the host ran: every script came from remote-map's server, starting with the embed script.
  expect(scripts[0]).toBe(`${remoteOrigin}/parcel-map-embed.js`);
  expect(scripts.filter((url) => !url.startsWith(`${remoteOrigin}/`))).toEqual([]);

  await page.evaluate(() => (window as unknown as { unmountParcelMap: () => void }).unmountParcelMap());
  await expect(map.canvas()).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'County portal' })).toBeVisible();
});

test("remote-map's own page starts from the runtime config its server serves, and a parcel can be clicked there", async ({ page, pageErrors }) => {
  const sessionJwt = await freshSessionJwt(page);
  const hostConfig = await (await page.request.get('/config.json')).json();
  const remoteOrigin = new URL(hostConfig.remotes.remote_map).origin;
  // The same config as the host's: the standalone page has no defaults of its own to go stale.
  expect(await (await page.request.get(`${remoteOrigin}/config.json`)).json()).toEqual(hostConfig);

  // This origin's storage holds no session until one is put there (or passed as ?jwt=).
  pageErrors.expect(failedResponse(404, /\/favicon\.ico$/, 'Chromium asks for the icon of a JSON page; the apps serve none'));
  await page.goto(`${remoteOrigin}/config.json`);
  await page.evaluate((jwt) => localStorage.setItem('session_jwt', jwt), sessionJwt);
  await page.goto(`${remoteOrigin}/index.html`);
  const map = new MapPage(page);
  await map.waitForParcels();
  await expect(map.container()).toHaveAttribute('data-style-id', hostConfig.map.defaultStyleId);
  const pin = await map.clickParcelNear(0.5, 0.5);
  expect(await map.selectedPin()).toBe(pin);
  await expect(map.field('Owner')).not.toBeEmpty();
  await map.shot('remote-map-standalone');
});
