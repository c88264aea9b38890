import { overlayTilesUrl } from './useOverlayLayersOnMap.ts';

describe('overlayTilesUrl', () => {
  it('makes the answer’s template absolute against the API base, keeping its tile placeholders and its version', () => {
    expect(overlayTilesUrl('http://api.test', '/tiles/overlays/flood-zones/{z}/{x}/{y}.pbf?v=3')).toBe('http://api.test/tiles/overlays/flood-zones/{z}/{x}/{y}.pbf?v=3');
    expect(overlayTilesUrl('https://maps.example.org/', '/tiles/overlays/zoning/{z}/{x}/{y}.pbf?v=12')).toBe('https://maps.example.org/tiles/overlays/zoning/{z}/{x}/{y}.pbf?v=12');
  });
});
