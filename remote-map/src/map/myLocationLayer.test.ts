import { distance } from '@turf/turf';
import type { Point, Polygon } from 'geojson';
import { myLocationCollection } from './myLocationLayer.ts';

describe('my location layer', () => {
  it('draws the position and an accuracy circle of the reported radius in metres', () => {
    const { features } = myLocationCollection({ lng: -80.86, lat: 35.62, accuracyM: 120 });
    const position = features.find((feature) => feature.properties?.kind === 'position')!;
    expect((position.geometry as Point).coordinates).toEqual([-80.86, 35.62]);
    const ring = (features.find((feature) => feature.properties?.kind === 'accuracy')!.geometry as Polygon).coordinates[0]!;
    for (const vertex of ring) expect(distance([-80.86, 35.62], vertex, { units: 'meters' })).toBeCloseTo(120, 0);
  });

  it('draws only the dot when no accuracy is reported', () => {
    const { features } = myLocationCollection({ lng: -80.86, lat: 35.62, accuracyM: 0 });
    expect(features.map((feature) => feature.properties?.kind)).toEqual(['position']);
  });
});
