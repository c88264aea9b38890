import { expect, test } from '../fixtures/test.ts';
import { MapPage } from '../pages/MapPage.ts';
import { originOf, PORTS } from '../../scripts/ports.mjs';

const SINGLETONS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react-redux', 'react-router', 'react-router-dom', '@reduxjs/toolkit', '@parcel-map/shared'];
const ORIGINS = {
  host: originOf(PORTS.host),
  remote_auth: originOf(PORTS.remote_auth),
  remote_map: originOf(PORTS.remote_map),
  remote_saved_parcels: originOf(PORTS.remote_saved_parcels),
};

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[] } } }[];
}

/** Stands in for React DevTools: every react-dom copy registers its renderer here on load. */
function countReactRenderers() {
  const renderers: { version: string; dispatcher: unknown }[] = [];
  Object.assign(window, {
    __reactRenderers: renderers,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: { reconcilerVersion?: string; version?: string; currentDispatcherRef?: unknown }) {
        renderers.push({ version: renderer.reconcilerVersion ?? renderer.version ?? '?', dispatcher: renderer.currentDispatcherRef });
        return renderers.length;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    },
  });
}

test('the browser loads one copy of React and of every shared singleton: the host provides them all', async ({ page, request }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.addInitScript(countReactRenderers);
  await page.goto('/');
  await new MapPage(page).waitForParcels();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByText('The component failed to render')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers.length), 'react-dom copies').toBe(1);
  // Every remote has been loaded by now: auth (identity), map and saved parcels.
  for (const origin of Object.values(ORIGINS).slice(1)) {
    expect(fetched.some((url) => url.startsWith(`${origin}/__federation_expose_`))).toBe(true);
  }

  for (const [name, origin] of Object.entries(ORIGINS)) {
    const manifest = (await (await request.get(`${origin}/mf-manifest.json`)).json()) as Manifest;
    const sharedFiles = manifest.shared.filter((s) => SINGLETONS.includes(s.name)).flatMap((s) => s.assets.js.sync);
    const sharedFetched = [...new Set(fetched.filter((url) => sharedFiles.some((file) => url === `${origin}/${file}`)))];
    if (name === 'host') {
      expect(sharedFetched.length, 'the host serves the shared packages').toBeGreaterThan(0);
    } else {
      expect(sharedFetched, `${name} must not load its own copy of a shared package`).toEqual([]);
    }
  }

  // The federation runtime agrees: each singleton has one loaded provider, the host.
  const providers = await page.evaluate((names) => {
    type ShareInfo = { from: string; loaded?: boolean };
    type Share = Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Share } }).__FEDERATION__.__SHARE__;
    return names.map((pkg) => {
      const infos = Object.values(share).flatMap((scopes) => Object.values(scopes.default?.[pkg] ?? {}));
      return [pkg, [...new Set(infos.filter((info) => info.loaded).map((info) => info.from))]] as const;
    });
  }, ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit']);
  for (const [pkg, from] of providers) expect(from, pkg).toEqual(['host']);
});

test('a visitor who was signed in gets the map code alongside the session check, each file fetched once', async ({ page }) => {
  // The identity session's code arrives 2 s late: the map screen's code must not wait for it.
  const identitySession = `${ORIGINS.remote_auth}/__federation_expose_IdentitySession`;
  await page.route(`${identitySession}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  // Requests and responses in the order the page saw them.
  const seen: [kind: 'request' | 'response', url: string][] = [];
  page.on('request', (r) => seen.push(['request', r.url()]));
  page.on('response', (r) => seen.push(['response', r.url()]));
  await page.goto('/');
  await new MapPage(page).waitForParcels();
  const requested = seen.filter(([kind]) => kind === 'request').map(([, url]) => url);
  const mapScreen = requested.filter((url) => url.startsWith(`${ORIGINS.remote_map}/__federation_expose_MapScreen`) && url.endsWith('.js'));
  const identitySessionArrived = seen.findIndex(([kind, url]) => kind === 'response' && url.startsWith(identitySession));
  expect(mapScreen).toHaveLength(1);
  expect(identitySessionArrived).toBeGreaterThan(-1);
  // Before: the map screen's code was asked for only once the identity session had confirmed the session.
  expect(seen.findIndex(([kind, url]) => kind === 'request' && url === mapScreen[0])).toBeLessThan(identitySessionArrived);
  // The preload is what the screen then runs: no file of the map remote twice.
  const mapFiles = requested.filter((url) => url.startsWith(ORIGINS.remote_map));
  expect(mapFiles).toEqual([...new Set(mapFiles)]);
});
