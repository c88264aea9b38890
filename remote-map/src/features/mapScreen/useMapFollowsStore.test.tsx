// The store's choices on the map: the overlay switches and the user's saved parcels and markups, drawn
// by the real controller on the fake map (no WebGL) from what the API lists.
import { act, waitFor } from '@testing-library/react';
import type { Markup, SavedParcelRecord } from '@parcel-map/shared';
import { http, HttpResponse } from 'msw';
import { makeTestStore, network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { controlMap, type MapConfig, type MapController } from '../../map/mapController.ts';
import { CONTOUR_LAYER_IDS } from '../../map/contourLayers.ts';
import { MARKUP_LAYER_IDS } from '../../map/markupsLayer.ts';
import { PARCEL_LAYER_IDS } from '../../map/parcelLayers.ts';
import { SAVED_LAYER_IDS } from '../../map/savedParcelsLayer.ts';
import { FakeMap, type FakeStyle } from '../../map/testing/fakeMap.ts';
import { mapOverlayToggled } from '../mapView/mapViewSlice.ts';
import { useMapFollowsStore } from './useMapFollowsStore.ts';

setupFakeNetwork();

const API = testConfig.apiBaseUrl;
const STYLE: FakeStyle = { url: 'http://styles.test/streets.json', name: 'Streets', glyphs: 'http://fonts.test/{fontstack}/{range}.pbf', layers: [{ id: 'land', type: 'background' }] };
const config: MapConfig = { ...testConfig.map, styles: [{ id: 'streets', name: 'Streets', url: STYLE.url }], contourTilesUrl: 'http://tiles.test/contours/{z}/{x}/{y}.pbf' };

const saved = (id: number, pin: string): SavedParcelRecord => ({
  id,
  parcel_pin: pin,
  parcel_owner_name: `OWNER ${pin}`,
  parcel_address: '12 OAK ST',
  parcel_centroid_lat: 35.61,
  parcel_centroid_lon: -80.85,
  notes: null,
  tags: [],
  created_at: '2026-01-01T00:00:00Z',
});
const markup = (id: number, visible: boolean): Markup => ({
  id,
  name: `Fence ${id}`,
  color: '#1971c2',
  geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] },
  visible,
  created_at: '2026-11-27T12:00:00.000Z',
});

function Follower({ controller }: { controller: MapController }) {
  useMapFollowsStore(controller);
  return null;
}

/** The hook on a controller whose fake map has loaded its style, with the API answering `lists`. */
async function followStore({ savedParcels = [] as SavedParcelRecord[], markups = [] as Markup[] } = {}) {
  network.use(
    http.get(`${API}/api/saved-parcels`, () => HttpResponse.json({ parcels: savedParcels })),
    http.get(`${API}/api/markups`, () => HttpResponse.json({ markups, next_before: null })),
  );
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  const fake = new FakeMap([STYLE]);
  const events = { viewChanged: vi.fn(), parcelTilesLoading: vi.fn(), savedParcelClicked: vi.fn(), centreParcelChosen: vi.fn(), styleLoadStarted: vi.fn(), styleLoadFinished: vi.fn(), styleLoadFailed: vi.fn(), parcelClicked: vi.fn(), backgroundClicked: vi.fn(), overlayFeaturesClicked: vi.fn(), baseMapNotAnswering: vi.fn() };
  const controller = controlMap(fake.map, { container: fake.container, config, initialStyle: config.styles[0]!, online: false, events });
  await fake.styleLoaded();
  const store = makeTestStore();
  renderWithStore(<Follower controller={controller} />, { store });
  return { fake, store, data: (name: string) => fake.container.getAttribute(`data-${name}`) };
}

afterEach(() => vi.restoreAllMocks());

describe('useMapFollowsStore on the map (fake)', () => {
  it('shows the owner names and outlines and hides the contours and saved parcels at first, then follows each overlay switch', async () => {
    const { fake, store, data } = await followStore();
    expect([data('owner-names'), data('parcel-outlines'), data('contours'), data('saved-parcels')]).toEqual(['visible', 'visible', 'none', 'none']);

    act(() => {
      for (const overlay of ['ownerNames', 'parcelOutlines', 'contours', 'savedParcels'] as const) store.dispatch(mapOverlayToggled({ overlay }));
    });
    expect(fake.visibility(PARCEL_LAYER_IDS.label)).toBe('none');
    expect(fake.visibility(PARCEL_LAYER_IDS.line)).toBe('none');
    expect(fake.visibility(CONTOUR_LAYER_IDS.line)).toBe('visible');
    expect(fake.visibility(SAVED_LAYER_IDS.marker)).toBe('visible');
    expect([data('owner-names'), data('parcel-outlines'), data('contours'), data('saved-parcels')]).toEqual(['none', 'none', 'visible', 'visible']);

    act(() => void store.dispatch(mapOverlayToggled({ overlay: 'contours' })));
    expect(data('contours')).toBe('none');
  });

  it("draws a marker for each of the user's saved parcels once 'Show Saved Parcels' is on", async () => {
    const { fake, store, data } = await followStore({ savedParcels: [saved(1, '4601-22'), saved(2, '4601-23')] });
    await waitFor(() => expect(data('saved-parcel-count')).toBe('2'));
    expect(fake.drawnFeatures(SAVED_LAYER_IDS.marker)).toEqual([]);
    act(() => void store.dispatch(mapOverlayToggled({ overlay: 'savedParcels' })));
    expect(fake.drawnFeatures(SAVED_LAYER_IDS.marker).map((marker) => marker.properties.pin).sort()).toEqual(['4601-22', '4601-23']);
  });

  it("draws the user's shown markups and leaves the hidden ones out", async () => {
    const { fake, data } = await followStore({ markups: [markup(1, true), markup(2, false)] });
    await waitFor(() => expect(data('markups')).toBe('1'));
    expect(fake.drawnFeatures(MARKUP_LAYER_IDS.line)).toHaveLength(1);
  });
});
