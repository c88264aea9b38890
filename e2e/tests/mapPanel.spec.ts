// The parcel detail panel on the live map, as one journey (each map load costs seconds of software
// WebGL): hover, select and deselect, the SPEC display formats of a real record, the panel's height
// while slow details arrive, copy link and 'Center on parcel'. The panel's states and texts are tested
// in remote-map's ParcelDetailPanel.test.tsx.
import { expect, test } from '../fixtures/mapUser.ts';
import { MapPage, type ApiParcel } from '../pages/MapPage.ts';

const usd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const orNA = <T,>(value: T | null | undefined, format: (value: T) => string) =>
  value === null || value === undefined || value === '' ? 'N/A' : format(value);

test('one parcel through the panel: hover, select, details, deselect, a slow two-line owner, copy link and centre', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const map = new MapPage(page);
  await map.waitForParcels();
  const panel = map.detailPanel();
  const box = (await map.canvas().boundingBox())!;
  const target = await map.findParcel(0.5, 0.5);
  const parcel = await map.apiGet<ApiParcel>(`/api/parcels/${target.pin}`);

  await test.step('hovering a parcel highlights it; clicking selects it and shows its details; a second click deselects', async () => {
    await map.shot('map-initial');
    await page.mouse.move(target.x, target.y);
    await expect.poll(() => map.canvas().evaluate((canvas) => canvas.style.cursor)).toBe('pointer');
    await map.shot('map-hover');

    await page.mouse.click(target.x, target.y);
    await expect(panel).toBeVisible();
    expect(await map.selectedPin()).toBe(target.pin);
    await expect(panel.getByText('(If loading takes too long, try refreshing the page)')).toBeHidden();

    await expect(map.field('Owner')).toHaveText(parcel.owner ?? parcel.name ?? 'N/A');
    await expect(map.field('Address')).toHaveText([parcel.add1, parcel.city].filter(Boolean).join(', ') || 'N/A');
    await expect(map.field('Tax Acres')).toHaveText(orNA(parcel.taxacres, (acres) => acres.toFixed(2)));
    await expect(map.field('Township')).toHaveText(parcel.township ?? 'N/A');
    await expect(map.field('Zoning')).toHaveText(parcel.zoning ?? 'N/A');
    await expect(map.field('Last Sale Date')).toHaveText(orNA(parcel.sale_date, mmddyyyy));
    await expect(map.field('Sale Price')).toHaveText(orNA(parcel.sales_price, usd));
    await expect(panel.getByText(/^Not a survey/)).toBeVisible();

    // The panel overlays the map: the map keeps its size, and the panel stays within 60% of the height.
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.height).toBeLessThanOrEqual(0.6 * page.viewportSize()!.height + 1);
    expect((await map.canvas().boundingBox())!.height).toBe(box.height);
    await expect(page).toHaveURL(new RegExp(`[?&]pin=${target.pin}`));
    await map.shot('parcel-selected');

    await page.mouse.click(target.x, target.y);
    await expect(panel).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]pin=/);
  });

  await test.step('the panel opens at its loaded height: its top edge stays put when slow details with a two-line owner arrive', async () => {
    // Another parcel, the target's details being in the page's cache now; found where the map is now,
    // as keeping the selection above the panel may have panned it (the target sits 2 px from that margin).
    await map.waitForParcels();
    const other = await map.findParcel(0.3, 0.4);
    expect(other.pin).not.toBe(target.pin);
    // A slow answer, so the loading state settles first, carrying an owner too long for one line of its column.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow = `**/api/parcels/${other.pin}`;
    await page.route(slow, async (route) => {
      const response = await route.fetch();
      const record = (await response.json()) as ApiParcel;
      await answered;
      await route.fulfill({ response, json: { ...record, owner: 'JOHNSON FAMILY REVOCABLE TRUST' } });
    });

    await page.mouse.click(other.x, other.y);
    await expect(panel.getByRole('status')).toHaveText(/Loading parcel details/);
    // The parcel whose answer the route holds, not a neighbour: on a loaded machine this step once read a real owner.
    await expect(panel.getByRole('heading', { name: `PIN ${other.pin}` })).toBeVisible();
    // The panel slides in with a transform: its top is read once no transition runs on it.
    const settledTop = () => panel.evaluate(async (section) => {
      await Promise.all(section.getAnimations().map((animation) => animation.finished));
      return section.getBoundingClientRect().top;
    });
    const loadingTop = await settledTop();
    answer();
    await expect(map.field('Owner')).toHaveText('JOHNSON FAMILY REVOCABLE TRUST');
    // Against the one-line text of Tax Acres, so the test shows the owner did take two lines.
    const textHeight = (label: string) => map.field(label).evaluate((dd) => { const range = document.createRange(); range.selectNodeContents(dd); return range.getBoundingClientRect().height; });
    expect(Math.round((await textHeight('Owner')) / (await textHeight('Tax Acres')))).toBe(2);
    expect(await settledTop()).toBe(loadingTop);
    await page.unroute(slow);
    await panel.getByRole('button', { name: 'Close parcel details' }).click();
    await expect(panel).toBeHidden();
  });

  await test.step('copy link puts a maps search URL with the centroid on the clipboard, then returns to idle', async () => {
    await page.mouse.click(target.x, target.y);
    expect(await map.selectedPin()).toBe(target.pin);
    const copy = panel.getByRole('button', { name: 'Copy link' });
    await copy.click();
    await expect(panel.getByText('Link copied')).toBeVisible();
    await expect(copy).toHaveAttribute('data-copy-state', 'copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(copied);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    const [lat, lng] = url.searchParams.get('query')!.split(',').map(Number) as [number, number];
    expect(lat).toBeCloseTo(parcel.centroid.lat, 5);
    expect(lng).toBeCloseTo(parcel.centroid.lng, 5);
    await map.shot('parcel-link-copied');
    await expect(copy).toHaveAttribute('data-copy-state', 'idle', { timeout: 4000 });
  });

  await test.step("'Center on parcel' fits the parcel in view, no closer than zoom 15.25", async () => {
    const ring = (parcel.geometry.type === 'Polygon' ? (parcel.geometry.coordinates as number[][][])[0] : (parcel.geometry.coordinates as number[][][][])[0]![0])!;
    const lngs = ring.map((point) => point[0]!);
    const lats = ring.map((point) => point[1]!);
    const inBounds = (view: { lng: number; lat: number } | null) =>
      !!view && view.lng > Math.min(...lngs) && view.lng < Math.max(...lngs) && view.lat > Math.min(...lats) && view.lat < Math.max(...lats);

    await panel.getByRole('button', { name: 'Center on parcel' }).click();
    await expect.poll(() => inBounds(map.viewFromUrl()), { timeout: 30_000 }).toBe(true);
    await map.waitForParcels();
    const view = map.viewFromUrl()!;
    expect(view.zoom).toBeLessThanOrEqual(15.25);
    await expect(map.zoomReadout()).toHaveText(`z: ${view.zoom.toFixed(2)}`);
    await map.shot('parcel-centred');
  });
});
