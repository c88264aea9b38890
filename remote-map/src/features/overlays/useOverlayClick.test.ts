import { act, renderHook } from '@testing-library/react';
import type { OverlayClick } from '../../map/mapController.ts';
import type { OverlayLayer } from '../../map/overlayLayers.ts';
import { useOverlayClick } from './useOverlayClick.ts';

const layer = (name: string): OverlayLayer => ({ name, label: name, geometryType: 'polygon', tilesUrl: `http://api.test/${name}/{z}/{x}/{y}.pbf`, style: { colour: '#000000' }, legend: null, fields: [] });
const click: OverlayClick = {
  lngLat: { lng: -71.14, lat: 42.396 },
  features: [
    { overlay: 'zoning', label: 'Zoning districts', fields: [], properties: { ZONE_TYPE: 'C-1' } },
    { overlay: 'flood-zones', label: 'Flood zones', fields: [], properties: { fld_zone: 'AE' } },
  ],
};

describe('useOverlayClick', () => {
  it('keeps the last click with overlay features, and forgets it on a click without any', () => {
    const { result } = renderHook(() => useOverlayClick([layer('zoning'), layer('flood-zones')]));
    act(() => result.current.clicked(click));
    expect(result.current.click).toBe(click);
    act(() => result.current.clicked({ lngLat: click.lngLat, features: [] }));
    expect(result.current.click).toBeNull();
  });

  it('drops the features of an overlay switched off, and the click with the last of them', () => {
    const { result, rerender } = renderHook(({ shown }) => useOverlayClick(shown), { initialProps: { shown: [layer('zoning'), layer('flood-zones')] } });
    act(() => result.current.clicked(click));
    rerender({ shown: [layer('flood-zones')] });
    expect(result.current.click?.features.map((feature) => feature.overlay)).toEqual(['flood-zones']);
    rerender({ shown: [] });
    expect(result.current.click).toBeNull();
  });
});
