// How the search box's suggestions and the panels of the map screen stack and size (issue #42), by
// their own style sheets in jsdom's cascade, on the DOM the screen and the geocoder build: jsdom does
// no layout, so what this sees is which rules win; the pictures of a real run show the rest.
import { createRequire } from 'node:module';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ParcelSearchResponse } from '@parcel-map/shared';
import { addStyleSheetAtWidth, network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { parcelSearchFeature, suggestionHtml } from '../../map/searchControl.ts';
import { ParcelDetailPanel } from '../parcelSelection/ParcelDetailPanel.tsx';
import { SearchResultsPanel } from '../search/SearchResultsPanel.tsx';
import { NearbyPanel } from '../search/NearbyPanel.tsx';
import { QueryPanel } from '../parcelQuery/QueryPanel.tsx';
import { allResultsRequested, nearbyRequested, queryPanelRequested } from '../search/parcelFinderSlice.ts';

const require = createRequire(import.meta.filename);
const STYLE_SHEETS = [
  require.resolve('mapbox-gl/dist/mapbox-gl.css'),
  require.resolve('@mapbox/mapbox-gl-geocoder/dist/mapbox-gl-geocoder.css'),
  path.join(import.meta.dirname, 'mapScreen.css'),
  path.join(import.meta.dirname, '../search/parcelFinder.css'),
  path.join(import.meta.dirname, '../parcelSelection/parcelDetailPanel.css'),
];
const PHONE_WIDTH = 390;
const DESKTOP_WIDTH = 1280;

const result = { pin: '4605050124', owner: 'REID STEVEN M', add1: '134 SADDLE LN', city: 'MOORESVILLE', zip: '28117', taxacres: 0.4, centroid: { lng: -80.86, lat: 35.62 }, matched: 'owner' as const };
const oneResult: ParcelSearchResponse = { results: [result], total: 1, capped: false, places: [] };

setupFakeNetwork();

/** The map screen's search slot holding the box and its open suggestions as the geocoder builds them, the map, and the panels. */
function MapScreenWithSuggestions() {
  return (
    <div className="map-screen">
      <div className="map-screen__search" data-testid="search-slot">
        <div className="mapboxgl-ctrl-geocoder mapboxgl-ctrl">
          <input className="mapboxgl-ctrl-geocoder--input" aria-label="Search" />
          <div className="suggestions-wrapper">
            <ul className="suggestions" style={{ display: 'block' }}>
              <li>
                <a dangerouslySetInnerHTML={{ __html: suggestionHtml(parcelSearchFeature(result)) }} />
              </li>
            </ul>
            <div className="mapboxgl-ctrl-geocoder--powered-by" style={{ display: 'block' }} data-testid="powered-by" />
          </div>
        </div>
      </div>
      <div className="map-screen__map mapboxgl-map" data-testid="map-container" />
      <SearchResultsPanel controller={null} />
      <NearbyPanel controller={null} />
      <QueryPanel controller={null} />
      <ParcelDetailPanel onCoverChange={() => undefined} />
    </div>
  );
}

const zIndex = (element: Element) => Number(getComputedStyle(element).zIndex || 0);

describe.each([
  ['desktop', DESKTOP_WIDTH],
  ['phone', PHONE_WIDTH],
])('the search box on a %s', { timeout: 20_000 }, (_name, width) => {
  let removeStyleSheets: (() => void)[];
  beforeEach(() => {
    removeStyleSheets = STYLE_SHEETS.map((file) => addStyleSheetAtWidth(file, width));
    network.use(
      http.get(`${testConfig.apiBaseUrl}/api/parcels/search`, () => HttpResponse.json(oneResult)),
      http.get(`${testConfig.apiBaseUrl}/api/parcels/:pin/nearby`, () => new Promise(() => undefined)),
      http.get(`${testConfig.apiBaseUrl}/api/saved-parcels`, () => HttpResponse.json({ parcels: [] })),
      http.get(`${testConfig.apiBaseUrl}/api/parcels/query/fields`, () => HttpResponse.json({ fields: [] })),
      http.get(`${testConfig.apiBaseUrl}/api/saved-queries`, () => HttpResponse.json({ queries: [] })),
      http.get(`${testConfig.apiBaseUrl}/api/overlays`, () => HttpResponse.json({ overlays: [] })),
      http.get(`${testConfig.apiBaseUrl}/api/datasets`, () => HttpResponse.json({ dataVersion: 1, datasets: [], initialView: null })),
    );
  });
  afterEach(() => removeStyleSheets.forEach((remove) => remove()));

  it('opens its suggestions above every panel of the map screen, the results list open', async () => {
    const { store } = renderWithStore(<MapScreenWithSuggestions />);
    act(() => void store.dispatch(allResultsRequested({ q: 'reid' })));
    const results = await screen.findByRole('complementary', { name: 'Search results' });
    const slot = screen.getByTestId('search-slot');
    const parcelPanel = screen.getByLabelText('Parcel details');
    expect(zIndex(slot)).toBeGreaterThan(zIndex(results));
    expect(zIndex(slot)).toBeGreaterThan(zIndex(parcelPanel));

    act(() => void store.dispatch(nearbyRequested({ pin: result.pin })));
    expect(zIndex(slot)).toBeGreaterThan(zIndex(await screen.findByRole('complementary', { name: 'Nearby parcels' })));
    act(() => void store.dispatch(queryPanelRequested()));
    expect(zIndex(slot)).toBeGreaterThan(zIndex(await screen.findByRole('complementary', { name: 'Query parcels' })));
  });

  it("sits top-left beside the menu button, which the slot's corner leaves to the pointer", () => {
    renderWithStore(<MapScreenWithSuggestions />);
    const slot = getComputedStyle(screen.getByTestId('search-slot'));
    expect([slot.position, slot.top, slot.left, slot.pointerEvents]).toEqual(['absolute', '0px', '0px', 'none']);
    const box = getComputedStyle(screen.getByTestId('search-slot').querySelector('.mapboxgl-ctrl-geocoder')!);
    expect([box.margin, box.pointerEvents]).toEqual(['0.75rem 0px 0px 3.75rem', 'auto']);
  });

  it("hides the suggestions' 'Powered by Mapbox' line offline (the geocoder shows it inline)", () => {
    renderWithStore(<MapScreenWithSuggestions />);
    const box = screen.getByTestId('search-slot').querySelector<HTMLElement>('.mapboxgl-ctrl-geocoder')!;
    box.dataset.search = 'online';
    expect(getComputedStyle(screen.getByTestId('powered-by')).display).toBe('block');
    box.dataset.search = 'offline';
    expect(getComputedStyle(screen.getByTestId('powered-by')).display).toBe('none');
  });

  it("keeps its right end clear of the control column: the geocoder's 240 px minimum never outweighs its maximum", () => {
    renderWithStore(<MapScreenWithSuggestions />);
    const box = screen.getByTestId('search-slot').querySelector('.mapboxgl-ctrl-geocoder')!;
    expect(getComputedStyle(box).minWidth).toBe('0px');
    expect(getComputedStyle(box).maxWidth).toBe('calc(100vw - 9rem)');
  });

  it("shows a parcel suggestion's whole PIN on a line of its own", () => {
    renderWithStore(<MapScreenWithSuggestions />);
    const pin = screen.getByText('PIN 4605050124');
    expect(pin).toHaveClass('search-suggestion__pin');
    expect(getComputedStyle(pin).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(pin).textOverflow).not.toBe('ellipsis');
    expect(screen.getByText('REID STEVEN M')).toHaveClass('mapboxgl-ctrl-geocoder--suggestion-title');
    expect(screen.getByText('134 SADDLE LN, MOORESVILLE')).toHaveClass('mapboxgl-ctrl-geocoder--suggestion-address');
  });

  it('sizes a one-result panel to its row, up to a maximum', async () => {
    const { store } = renderWithStore(<MapScreenWithSuggestions />);
    act(() => void store.dispatch(allResultsRequested({ q: 'reid' })));
    const results = await screen.findByRole('complementary', { name: 'Search results' });
    await screen.findByText('1–1 of 1 results');
    const panel = getComputedStyle(results);
    // Neither a height nor both ends fixed: the panel is as tall as its content.
    const unset = ['', 'auto'];
    expect(unset).toContain(panel.height);
    expect(unset.includes(panel.top) || unset.includes(panel.bottom)).toBe(true);
    expect(unset).not.toContain(panel.maxHeight);
  });
});
