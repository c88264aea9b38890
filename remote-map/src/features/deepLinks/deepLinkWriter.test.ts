import { makeTestStore } from '@parcel-map/shared/testing';
import { mapViewSettled, overlayLayerToggled, overlayLayersRestored } from '../mapView/mapViewSlice.ts';
import { mapBackgroundClicked, parcelClicked, parcelPicked } from '../parcelSelection/parcelSelectionSlice.ts';
import { deepLinkWriter } from './deepLinkWriter.ts';

/** A store with the writer on a URL kept in memory, as a router would keep it. */
function writerOn(initialSearch: string) {
  const store = makeTestStore();
  const url = { search: initialSearch, writes: [] as { search: string; replace: boolean }[] };
  store.dispatch(
    deepLinkWriter({
      search: () => url.search,
      navigate: (search, { replace }) => {
        url.search = search;
        url.writes.push({ search, replace });
      },
    }),
  );
  return { store, url };
}

describe('deepLinkWriter', () => {
  it('pushes a history entry for each new selection and for a deselection', () => {
    const { store, url } = writerOn('');
    store.dispatch(parcelClicked({ pin: '100' }));
    store.dispatch(mapBackgroundClicked());
    store.dispatch(parcelPicked({ pin: '200' }));
    expect(url.writes).toEqual([
      { search: '?pin=100', replace: false },
      { search: '', replace: false },
      { search: '?pin=200', replace: false },
    ]);
  });

  it('replaces the entry when the camera settles away from where the URL says', () => {
    const { store, url } = writerOn('?pin=100');
    store.dispatch(mapViewSettled({ lng: -80.85, lat: 35.63, zoom: 15.5 }));
    store.dispatch(mapViewSettled({ lng: -80.85, lat: 35.63, zoom: 15.5 }));
    expect(url.writes).toEqual([{ search: '?pin=100&view=-80.85000%2C35.63000%2C15.50', replace: true }]);
  });

  it('writes nothing for a selection the URL already holds (a link being followed)', () => {
    const { store, url } = writerOn('?pin=100');
    store.dispatch(parcelPicked({ pin: '100' }));
    expect(url.writes).toEqual([]);
  });

  it('reads the URL at each event, so a write builds on the one before', () => {
    const { store, url } = writerOn('');
    store.dispatch(mapViewSettled({ lng: -80.85, lat: 35.63, zoom: 15.5 }));
    store.dispatch(parcelClicked({ pin: '100' }));
    expect(url.search).toBe('?view=-80.85000%2C35.63000%2C15.50&pin=100');
  });

  it('keeps the overlay layers switched on in the URL, replacing the entry (a switch is no place to go back to)', () => {
    const { store, url } = writerOn('?pin=100');
    store.dispatch(overlayLayerToggled({ name: 'flood-zones' }));
    store.dispatch(overlayLayerToggled({ name: 'zoning' }));
    store.dispatch(overlayLayerToggled({ name: 'flood-zones' }));
    expect(url.writes).toEqual([
      { search: '?pin=100&overlays=flood-zones', replace: true },
      { search: '?pin=100&overlays=flood-zones%2Czoning', replace: true },
      { search: '?pin=100&overlays=zoning', replace: true },
    ]);
  });

  it('writes nothing for overlay layers the URL already holds (a link being followed)', () => {
    const { store, url } = writerOn('?overlays=zoning%2Cflood-zones');
    store.dispatch(overlayLayersRestored({ names: ['zoning', 'flood-zones'] }));
    expect(url.writes).toEqual([]);
  });
});
