import { overlayLayerToggled, overlayLayersRestored, mapOverlayToggled, mapStyleLoadFailed, mapSetupFailed, mapSetupStarted, mapStyleLoadFinished, mapStyleLoadStarted, mapViewSettled, mapViewSlice } from './mapViewSlice.ts';

const reducer = mapViewSlice.reducer;
const initial = reducer(undefined, { type: 'init' });

describe('mapView reducer', () => {
  it('starts at the SPEC camera', () => {
    expect(initial).toMatchObject({ center: { lng: -80.86, lat: 35.62 }, zoom: 13, isStyleLoading: false, setupError: null });
  });

  it('records the settled camera', () => {
    expect(reducer(initial, mapViewSettled({ lng: 1, lat: 2, zoom: 14.5 }))).toMatchObject({ center: { lng: 1, lat: 2 }, zoom: 14.5 });
  });

  it('tracks the style loading flag and the loaded style id', () => {
    const loading = reducer(initial, mapStyleLoadStarted({ styleId: 'streets' }));
    expect(loading.isStyleLoading).toBe(true);
    expect(reducer(loading, mapStyleLoadFinished({ styleId: 'streets' }))).toMatchObject({ isStyleLoading: false, styleId: 'streets' });
  });

  it('clears the loading flag when the style fetch fails and keeps the failed id until the next load', () => {
    const loading = reducer(initial, mapStyleLoadStarted({ styleId: 'streets' }));
    const failed = reducer(loading, mapStyleLoadFailed({ styleId: 'streets' }));
    expect(failed).toMatchObject({ isStyleLoading: false, failedStyleId: 'streets' });
    expect(reducer(failed, mapStyleLoadStarted({ styleId: 'streets' })).failedStyleId).toBeNull();
    expect(reducer(failed, mapStyleLoadFinished({ styleId: 'streets' })).failedStyleId).toBeNull();
  });

  it('keeps a set-up failure until the next attempt', () => {
    const failed = reducer(initial, mapSetupFailed({ message: 'Mapbox Access Token missing.' }));
    expect(failed.setupError).toBe('Mapbox Access Token missing.');
    expect(reducer(failed, mapSetupStarted()).setupError).toBeNull();
  });

  it('starts with owner names and outlines on, saved parcels and contours off, and toggles each', () => {
    expect(initial.overlays).toEqual({ ownerNames: true, savedParcels: false, parcelOutlines: true, contours: false });
    const toggled = reducer(initial, mapOverlayToggled({ overlay: 'contours' }));
    expect(toggled.overlays.contours).toBe(true);
    expect(reducer(toggled, mapOverlayToggled({ overlay: 'contours' })).overlays.contours).toBe(false);
    expect(reducer(initial, mapOverlayToggled({ overlay: 'ownerNames' })).overlays.ownerNames).toBe(false);
  });

  it('starts with no overlay layer on, switches each by name in the order switched on, and restores a link’s exactly', () => {
    expect(initial.overlayLayers).toEqual([]);
    const both = [overlayLayerToggled({ name: 'zoning' }), overlayLayerToggled({ name: 'flood-zones' })].reduce(reducer, initial);
    expect(both.overlayLayers).toEqual(['zoning', 'flood-zones']);
    expect(reducer(both, overlayLayerToggled({ name: 'zoning' })).overlayLayers).toEqual(['flood-zones']);
    expect(reducer(both, overlayLayersRestored({ names: ['rail', 'rail'] })).overlayLayers).toEqual(['rail']);
  });
});
