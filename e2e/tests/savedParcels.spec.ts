// Issue #6: the save modal, the saved list sheet and the per-user guard, in the real system.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapPage, type ApiParcel } from '../pages/MapPage.ts';
import { API_URL, parseCsv, SavedParcelsPage } from '../pages/SavedParcelsPage.ts';
import { uniqueEmail } from '../fixtures/outbox.ts';
import { failedResponse } from '../fixtures/pageErrors.ts';
import { screenshot } from '../fixtures/screenshots.ts';

// Every test signs in users of its own, so each saved list starts empty.
test.use({ storageState: { cookies: [], origins: [] } });

const PIN_HEADING = /PIN \d{10}/;

/** Selects the parcel under the map's centre and returns its PIN once its details are loaded. */
async function selectCentreParcel(page: Page): Promise<string> {
  const map = new MapPage(page);
  await map.waitForParcels();
  await map.clickCentre();
  const panel = map.detailPanel();
  const heading = panel.getByRole('heading', { name: PIN_HEADING });
  await expect(heading).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save parcel' })).toBeEnabled();
  return (await heading.textContent())!.match(/\d{10}/)![0];
}

test('saves a parcel with a note; a stale second tab gets the 409 answer; the saved icon turns into a link to the list', async ({ page, context, pageErrors }) => {
  pageErrors.expect(failedResponse(409, /\/api\/saved-parcels$/, 'the stale tab saves the parcel a second time'));
  await new LoginPage(page).signInWithMagicLink(uniqueEmail('saver'));
  const saved = new SavedParcelsPage(page);
  const panel = new MapPage(page).detailPanel();
  const pin = await selectCentreParcel(page);

  // A second tab of the same user looks at the same parcel before it is saved.
  const other = await context.newPage();
  await other.goto('/');
  const otherPin = await selectCentreParcel(other);
  expect(otherPin).toBe(pin);

  await panel.getByRole('button', { name: 'Save parcel' }).click();
  await expect(saved.modal()).toBeVisible();
  await expect(saved.modal().getByLabel('Notes (optional)')).toBeFocused();
  await saved.modal().getByLabel('Notes (optional)').fill('Lake access, ask about the dock');
  await expect(saved.modal().getByText('31/256 characters')).toBeVisible();
  await screenshot(page, 'save-modal');
  await saved.modal().getByRole('button', { name: 'Save' }).click();
  await expect(saved.modal()).toBeHidden();
  await expect(saved.notice(`Saved parcel ${pin}.`)).toBeVisible();

  // SPEC §4: already saved → the icon is disabled and 'Saved Location' opens the list.
  await expect(panel.getByRole('button', { name: 'Save parcel' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Saved Location' }).click();
  await expect(saved.item(pin)).toContainText('Lake access, ask about the dock');
  await page.keyboard.press('Escape');
  await expect(saved.sheet()).toBeHidden();

  // The stale tab still offers the save; the server answers 409 and the tab catches up.
  const staleSaved = new SavedParcelsPage(other);
  const stalePanel = new MapPage(other).detailPanel();
  await stalePanel.getByRole('button', { name: 'Save parcel' }).click();
  await staleSaved.saveWithNote('second try');
  await expect(staleSaved.notice('This parcel is already in your saved list.')).toBeVisible();
  await expect(stalePanel.getByRole('button', { name: 'Save parcel' })).toBeDisabled();
  await expect(stalePanel.getByRole('button', { name: 'Saved Location' })).toBeVisible();

  const records = await saved.listThroughApi();
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ parcel_pin: pin, notes: 'Lake access, ask about the dock' });
  await other.close();
});

test('edits a note, exports CSV and GeoJSON, views the parcel on the map, and deletes with cancel and confirm', async ({ page }) => {
  await new LoginPage(page).signInWithMagicLink(uniqueEmail('manager'));
  const saved = new SavedParcelsPage(page);
  const map = new MapPage(page);
  const pin = await selectCentreParcel(page);

  // A note that a spreadsheet would otherwise run as a formula, with a comma, quotes and a line break.
  const trickyNote = '=HYPERLINK("http://evil.example"), see "gate"\nsecond line';
  await map.detailPanel().getByRole('button', { name: 'Save parcel' }).click();
  await saved.saveWithNote(trickyNote);
  const [record] = await saved.listThroughApi();
  expect(record!.notes).toBe(trickyNote);

  await saved.openFromMenu();
  await expect(saved.item(pin)).toContainText('second line');
  await screenshot(page, 'saved-sheet-list');

  // Edit: the editor opens inline with the current note; saving the same text makes no call.
  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts++;
  });
  await saved.item(pin).getByRole('button', { name: /^Edit notes/ }).click();
  await expect(saved.item(pin).getByLabel('Notes', { exact: true })).toHaveValue(trickyNote);
  await saved.item(pin).getByRole('button', { name: 'Save Notes' }).click();
  await expect(saved.item(pin).getByLabel('Notes', { exact: true })).toBeHidden();
  expect(puts).toBe(0);

  await saved.item(pin).getByRole('button', { name: /^Edit notes/ }).click();
  await saved.item(pin).getByLabel('Notes', { exact: true }).fill(`${trickyNote}, checked`);
  await screenshot(page, 'saved-sheet-editing');
  await saved.item(pin).getByRole('button', { name: 'Save Notes' }).click();
  await expect(saved.item(pin)).toContainText('second line, checked');
  expect(puts).toBe(1);
  const editedNote = `${trickyNote}, checked`;
  expect((await saved.listThroughApi())[0]!.notes).toBe(editedNote);

  // Tags: one added, suggested for the next parcel (the datalist), shown, kept by the server.
  await saved.item(pin).getByRole('combobox', { name: `Add tag to ${pin}` }).fill('Listing');
  await saved.item(pin).getByRole('combobox', { name: `Add tag to ${pin}` }).press('Enter');
  await expect(saved.item(pin).getByRole('list', { name: `Tags of ${pin}` })).toContainText('Listing');
  await expect.poll(async () => (await saved.listThroughApi())[0]!.tags).toEqual(['Listing']);
  await screenshot(page, 'saved-sheet-tags');

  // Export: real downloads, parsed back; every field, the parcel's own record beside what was saved.
  const parcel = await map.apiGet<ApiParcel>(`/api/parcels/${pin}`);
  const csv = await saved.export('CSV');
  expect(csv.name).toMatch(/^saved-parcels-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(csv.text);
  expect(rows[0]).toEqual([
    'pin', 'owner', 'address', 'city', 'acres', 'zoning', 'township', 'sale_date', 'sale_price', 'notes', 'tags', 'saved_at', 'centroid_lat', 'centroid_lon',
    'mail_address', 'mail_city', 'mail_state', 'mail_zip',
  ]);
  expect(rows).toHaveLength(2);
  const [csvPin, owner, address, city, acres, zoning, township, saleDate, salePrice, csvNotes, tags, savedAt, lat, lon] = rows[1]!;
  expect(csvPin).toBe(pin);
  expect(owner).toBe(record!.parcel_owner_name);
  expect(address).toBe(record!.parcel_address);
  expect(city).toBe(parcel.city ?? '');
  expect(acres).toBe(parcel.taxacres === null ? '' : String(parcel.taxacres));
  expect(zoning).toBe(parcel.zoning ?? '');
  expect(township).toBe(parcel.township ?? '');
  expect(saleDate).toBe(parcel.sale_date ?? '');
  expect(salePrice).toBe(parcel.sales_price === null ? '' : String(parcel.sales_price));
  expect(csvNotes).toBe(`'${editedNote}`);
  expect(tags).toBe('Listing');
  expect(savedAt).toBe(record!.created_at);
  expect(Number(lat)).toBe(record!.parcel_centroid_lat);
  expect(Number(lon)).toBe(record!.parcel_centroid_lon);

  const geojson = await saved.export('GeoJSON');
  expect(geojson.name).toMatch(/^saved-parcels-\d{4}-\d{2}-\d{2}\.geojson$/);
  const collection = JSON.parse(geojson.text) as { type: string; features: { geometry: unknown; properties: Record<string, unknown> }[] };
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features).toHaveLength(1);
  // The parcel's outline, not its centre point.
  expect(collection.features[0]!.geometry).toEqual(parcel.geometry);
  expect(collection.features[0]!.properties).toMatchObject({ pin, notes: editedNote, owner: record!.parcel_owner_name, tags: 'Listing', acres: parcel.taxacres });

  const kml = await saved.export('KML');
  expect(kml.name).toMatch(/^saved-parcels-\d{4}-\d{2}-\d{2}\.kml$/);
  expect(kml.text).toContain(`<Data name="pin"><value>${pin}</value></Data>`);
  expect(kml.text).toMatch(/<Polygon><outerBoundaryIs><LinearRing><coordinates>-?\d/);

  // View on Map: move away first, then the saved parcel comes back under the centre at zoom 16.
  await page.keyboard.press('Escape');
  await expect(saved.sheet()).toBeHidden();
  await map.detailPanel().getByRole('button', { name: 'Close parcel details' }).click();
  const box = (await map.canvas().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2 - 200, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByLabel('Zoom level')).toHaveText('z: 13.00');
  await saved.openFromMenu();
  await saved.item(pin).getByRole('button', { name: 'View on Map' }).click();
  await expect(saved.sheet()).toBeHidden();
  await expect(page.getByLabel('Zoom level')).toHaveText('z: 16.00');
  // It is selected (the URL and the highlight follow the selection) and its panel is open: no click needed.
  await expect(map.detailPanel().getByRole('heading', { name: PIN_HEADING })).toHaveText(new RegExp(pin));
  await expect(page).toHaveURL(new RegExp(`pin=${pin}`));
  await map.waitForParcels();
  await screenshot(page, 'saved-view-on-map');

  // Delete: 'Cancel' keeps it, 'Yes, Delete' removes it and the empty state follows.
  await saved.openFromMenu();
  await saved.item(pin).getByRole('button', { name: /^Delete/ }).click();
  await expect(saved.item(pin).getByRole('button', { name: 'Yes, Delete' })).toBeFocused();
  await screenshot(page, 'saved-sheet-confirm-delete');
  await saved.item(pin).getByRole('button', { name: 'Cancel' }).click();
  await expect(saved.item(pin).getByRole('button', { name: 'Yes, Delete' })).toBeHidden();
  expect(await saved.listThroughApi()).toHaveLength(1);

  await saved.item(pin).getByRole('button', { name: /^Delete/ }).click();
  await saved.item(pin).getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(saved.sheet().getByText('You have not saved any parcels yet.')).toBeVisible();
  await expect(saved.sheet().getByText('Select a parcel on the map and click the save icon to add it here.')).toBeVisible();
  await screenshot(page, 'saved-sheet-empty');
  expect(await saved.listThroughApi()).toEqual([]);
});

test('two users never see, change or delete each other’s saved parcels', async ({ browser }) => {
  const aliceContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const bobContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  await new LoginPage(alicePage).signInWithMagicLink(uniqueEmail('alice'));
  await new LoginPage(bobPage).signInWithMagicLink(uniqueEmail('bob'));
  const alice = new SavedParcelsPage(alicePage);
  const bob = new SavedParcelsPage(bobPage);

  const pin = await selectCentreParcel(alicePage);
  await new MapPage(alicePage).detailPanel().getByRole('button', { name: 'Save parcel' }).click();
  await alice.saveWithNote('Alice only');
  const [alicesRecord] = await alice.listThroughApi();

  // Bob looks at the same parcel: it is not saved for him, and his list is empty.
  expect(await selectCentreParcel(bobPage)).toBe(pin);
  await expect(new MapPage(bobPage).detailPanel().getByRole('button', { name: 'Saved Location' })).toBeHidden();
  await bob.openFromMenu();
  await expect(bob.sheet().getByText('You have not saved any parcels yet.')).toBeVisible();
  await expect(bob.sheet().getByText('Alice only')).toBeHidden();

  // Bob's own token cannot reach Alice's record by id: the answer is the same as for no record.
  const bobAuth = { Authorization: `Bearer ${await bob.sessionToken()}` };
  const put = await bobPage.request.put(`${API_URL}/api/saved-parcels/${alicesRecord!.id}`, { headers: bobAuth, data: { notes: 'Bob was here' } });
  expect(put.status()).toBe(404);
  const del = await bobPage.request.delete(`${API_URL}/api/saved-parcels/${alicesRecord!.id}`, { headers: bobAuth });
  expect(del.status()).toBe(404);
  expect(await bob.listThroughApi()).toEqual([]);

  // Bob saves the same parcel for himself; Alice's record is untouched.
  await bob.sheet().getByRole('button', { name: 'Close saved parcels' }).click();
  await new MapPage(bobPage).detailPanel().getByRole('button', { name: 'Save parcel' }).click();
  await bob.saveWithNote('Bob only');
  await alice.openFromMenu();
  await expect(alice.item(pin)).toContainText('Alice only');
  await expect(alice.sheet().getByText('Bob only')).toBeHidden();
  expect(await alice.listThroughApi()).toEqual([alicesRecord]);

  await aliceContext.close();
  await bobContext.close();
});
