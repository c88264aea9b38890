// The map screen's Tab order (issue #44): the menu, the search box, the map controls, then the map.
// The real screen and the real controller, on the fake map: jsdom has no WebGL, so the one thing
// replaced is the creation of the mapbox-gl map, by the fake wired up as createMapController wires it.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { FakeMap } from '../../map/testing/fakeMap.ts';
import { MapScreen } from './MapScreen.tsx';

vi.mock(import('../../map/mapController.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    createMapController: ({ container, config, events }) => {
      const initialStyle = config.styles[0]!;
      const fake = new FakeMap([{ url: initialStyle.url, glyphs: 'http://fonts.test/{fontstack}/{range}.pbf', layers: [{ id: 'land', type: 'background' }] }]);
      return original.controlMap(fake.map, { container: container!, config, initialStyle, online: false, events });
    },
  };
});

setupFakeNetwork();

const API = testConfig.apiBaseUrl;

/**
 * The elements Tab visits, in its order: with no positive tabindex on the screen (checked), those that
 * take the focus in document order — neither disabled nor inside an inert or hidden part.
 */
function tabOrder(root: HTMLElement): HTMLElement[] {
  const focusable = [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')];
  expect(focusable.filter((element) => element.tabIndex > 0)).toEqual([]);
  return focusable.filter((element) => element.tabIndex === 0 && !element.matches(':disabled') && !element.closest('[inert], [hidden]'));
}

/** The part of the screen an element of the Tab order belongs to. */
function partOf(element: HTMLElement): string {
  if (element.getAttribute('aria-label') === 'Open menu') return 'menu';
  if (element.closest('.mapboxgl-ctrl-geocoder')) return 'search';
  if (element.closest('[role="toolbar"]')) return 'controls';
  if (element.matches('canvas')) return 'map';
  return `other: ${element.getAttribute('aria-label') ?? element.textContent}`;
}

describe('the map screen', () => {
  beforeEach(() => {
    network.use(
      http.get(`${API}/api/datasets`, () => HttpResponse.json({ dataVersion: 1, datasets: [], initialView: null })),
      http.get(`${API}/api/overlays`, () => HttpResponse.json({ overlays: [] })),
      http.get(`${API}/api/imagery`, () => HttpResponse.json({ imagery: [] })),
      http.get(`${API}/api/saved-parcels`, () => HttpResponse.json({ parcels: [] })),
      http.get(`${API}/api/markups`, () => HttpResponse.json({ markups: [] })),
      http.get(`${API}/api/admin/access`, () => new HttpResponse(null, { status: 403 })),
    );
  });

  it('is visited by Tab in this order: the menu, the search box, the map controls, then the map', { timeout: 30_000 }, async () => {
    const { container } = renderWithStore(
      <MemoryRouter>
        <MapScreen />
      </MemoryRouter>,
    );
    const search = await screen.findByRole('combobox', {}, { timeout: 10_000 });
    // The map's controls are enabled once the map is there.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zoom in' })).toBeEnabled(), { timeout: 10_000 });

    const parts = tabOrder(container).map(partOf);
    expect(parts.filter((part, index) => part !== parts[index - 1])).toEqual(['menu', 'search', 'controls', 'map']);
    expect(tabOrder(container).find((element) => partOf(element) === 'search')).toBe(search);
    // The map is there, its canvas in the map's container.
    expect(screen.getByTestId('map-container').querySelector('canvas')).toBe(tabOrder(container).at(-1));
  });
});
