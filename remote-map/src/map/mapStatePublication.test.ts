import { publishMapState } from './mapStatePublication.ts';

// The attribute names are the contract with e2e/ and bench/, which read them from the page.
describe('publishMapState', () => {
  it('writes each value under the attribute its readers look for', () => {
    const container = document.createElement('div');
    publishMapState(container, { mapState: 'idle', parcelsDrawn: 'true', styleId: 'streets', outlineColor: '#000000', savedParcelCount: 3, markups: 0 });
    publishMapState(container, { ownerNames: 'visible', parcelOutlines: 'none', contours: 'absent', savedParcels: 'none', overlayLayers: 'flood,zoning' });
    expect(Object.fromEntries([...container.attributes].map(({ name, value }) => [name, value]))).toEqual({
      'data-map-state': 'idle',
      'data-parcels-drawn': 'true',
      'data-style-id': 'streets',
      'data-outline-color': '#000000',
      'data-saved-parcel-count': '3',
      'data-markups': '0',
      'data-owner-names': 'visible',
      'data-parcel-outlines': 'none',
      'data-contours': 'absent',
      'data-saved-parcels': 'none',
      'data-overlay-layers': 'flood,zoning',
    });
  });

  it('removes an attribute given null and leaves the others', () => {
    const container = document.createElement('div');
    publishMapState(container, { findings: 2, mapState: 'rendering' });
    publishMapState(container, { findings: null });
    expect(container.hasAttribute('data-findings')).toBe(false);
    expect(container.getAttribute('data-map-state')).toBe('rendering');
  });
});
