import { centreTarget } from './centreTarget.ts';

const centroid = { lng: -80.8, lat: 35.6 };

describe('centreTarget', () => {
  it('flies to a point at zoom 15.25', () => {
    expect(centreTarget({ type: 'Point', coordinates: [-80.1, 35.1] }, centroid)).toEqual({ kind: 'point', lng: -80.1, lat: 35.1, zoom: 15.25 });
  });

  it('fits a polygon with padding 100 and max zoom 15.25', () => {
    const polygon = { type: 'Polygon' as const, coordinates: [[[-80.9, 35.5], [-80.7, 35.5], [-80.7, 35.7], [-80.9, 35.5]]] };
    expect(centreTarget(polygon, centroid)).toEqual({ kind: 'bounds', bounds: [[-80.9, 35.5], [-80.7, 35.7]], padding: 100, maxZoom: 15.25 });
  });

  it('falls back to the centroid without a usable geometry', () => {
    const expected = { kind: 'point', lng: -80.8, lat: 35.6, zoom: 15.25 };
    expect(centreTarget(null, centroid)).toEqual(expected);
    expect(centreTarget({ type: 'Polygon', coordinates: [] }, centroid)).toEqual(expected);
    expect(centreTarget({ type: 'Point', coordinates: ['a', 'b'] }, centroid)).toEqual(expected);
  });
});
