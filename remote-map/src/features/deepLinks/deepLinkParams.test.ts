import { MAP_VIEW_DEFAULTS } from '../../map/mapDefaults.ts';
import { formatView, parseOverlayLayers, parsePin, parseView, readDeepLink, searchWithOverlayLayers, searchWithPin, searchWithView, shareSearch, type LinkView } from './deepLinkParams.ts';

describe('deep link parameters', () => {
  it('writes and reads the view', () => {
    const text = formatView({ lng: -80.861234567, lat: 35.62, zoom: 15.256 });
    expect(text).toBe('-80.86123,35.62000,15.26');
    expect(parseView(text)).toEqual({ lng: -80.86123, lat: 35.62, zoom: 15.26 });
  });

  it('rejects malformed views and clamps the zoom to 3..19', () => {
    expect(parseView(null)).toBeNull();
    expect(parseView('1,2')).toBeNull();
    expect(parseView('a,2,3')).toBeNull();
    expect(parseView('1,,3')).toBeNull();
    expect(parseView('200,2,3')).toBeNull();
    expect(parseView('1,2,25')).toEqual({ lng: 1, lat: 2, zoom: 19 });
  });

  it('accepts only well-formed PINs', () => {
    expect(parsePin('4601234567')).toBe('4601234567');
    expect(parsePin('a/b')).toBeNull();
    expect(parsePin('')).toBeNull();
  });
});

describe('deep link search strings', () => {
  it('reads the pin and the view of a search string', () => {
    expect(readDeepLink('?pin=4601&view=-80.85,35.63,15.5')).toEqual({ pin: '4601', view: { lng: -80.85, lat: 35.63, zoom: 15.5 }, style: null, overlays: null, overlayLayers: null });
    expect(readDeepLink('')).toEqual({ pin: null, view: null, style: null, overlays: null, overlayLayers: null });
  });

  it('sets and removes the pin, keeping the other parameters', () => {
    expect(searchWithPin('?view=1,2,3&utm=x', '77')).toBe('?view=1%2C2%2C3&utm=x&pin=77');
    expect(searchWithPin('?pin=77&utm=x', null)).toBe('?utm=x');
    expect(searchWithPin('?pin=77', null)).toBe('');
  });

  it('writes nothing when the URL already says it', () => {
    expect(searchWithPin('?pin=77', '77')).toBeNull();
    expect(searchWithPin('', null)).toBeNull();
    expect(searchWithView('?view=-80.85000,35.63000,15.50', { lng: -80.85, lat: 35.63, zoom: 15.5 })).toBeNull();
  });

  it('leaves a URL without a view plain at the opening view, and writes any other view', () => {
    const opening: LinkView = { lng: MAP_VIEW_DEFAULTS.lng, lat: MAP_VIEW_DEFAULTS.lat, zoom: MAP_VIEW_DEFAULTS.zoom };
    const param = (view: LinkView) => `view=${encodeURIComponent(formatView(view))}`;
    expect(searchWithView('?pin=77', opening)).toBeNull();
    expect(searchWithView('?pin=77', { ...opening, zoom: 14 })).toBe(`?pin=77&${param({ ...opening, zoom: 14 })}`);
    expect(searchWithView('?view=1,2,3', opening)).toBe(`?${param(opening)}`);
  });

  it('shares the selection, the view, the base map and every overlay, and reads them all back', () => {
    const overlays = { ownerNames: false, savedParcels: true, parcelOutlines: true, contours: true };
    const search = shareSearch({ pin: '4601', view: { lng: -80.85, lat: 35.63, zoom: 15.5 }, style: 'satellite-streets-v12', overlays, overlayLayers: ['flood-zones', 'zoning'] });
    expect(search).toBe('?pin=4601&view=-80.85000%2C35.63000%2C15.50&style=satellite-streets-v12&layers=outlines%2Csaved%2Ccontours&overlays=flood-zones%2Czoning');
    expect(readDeepLink(search)).toEqual({
      pin: '4601',
      view: { lng: -80.85, lat: 35.63, zoom: 15.5 },
      style: 'satellite-streets-v12',
      overlays,
      overlayLayers: ['flood-zones', 'zoning'],
    });
    // All off is a choice too; a style id that is no id is ignored.
    const none = { ownerNames: false, savedParcels: false, parcelOutlines: false, contours: false };
    expect(readDeepLink(shareSearch({ pin: null, view: MAP_VIEW_DEFAULTS, style: null, overlays: none, overlayLayers: [] }))).toMatchObject({ pin: null, style: null, overlays: none, overlayLayers: null });
    expect(readDeepLink('?style=<script>').style).toBeNull();
  });
});

describe('overlay layers in the URL (issue #23 §5)', () => {
  it('reads the overlay names a link switches on, once each, and drops what is no overlay name', () => {
    expect(parseOverlayLayers('flood-zones,zoning')).toEqual(['flood-zones', 'zoning']);
    expect(parseOverlayLayers('zoning,zoning, flood-zones')).toEqual(['zoning', 'flood-zones']);
    expect(parseOverlayLayers('Zoning,<script>,,-x,zoning')).toEqual(['zoning']);
    expect(parseOverlayLayers('')).toEqual([]);
    expect(parseOverlayLayers(null)).toBeNull();
  });

  it('writes the overlays switched on beside the other parameters, and removes the parameter when none is', () => {
    expect(searchWithOverlayLayers('?pin=77', ['flood-zones', 'zoning'])).toBe('?pin=77&overlays=flood-zones%2Czoning');
    expect(searchWithOverlayLayers('?overlays=flood-zones&pin=77', [])).toBe('?pin=77');
    expect(searchWithOverlayLayers('?overlays=flood-zones', ['flood-zones'])).toBeNull();
    expect(searchWithOverlayLayers('', [])).toBeNull();
  });
});
