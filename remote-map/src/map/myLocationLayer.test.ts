import { distance } from '@turf/turf';
import type { Point, Polygon } from 'geojson';
import { MY_LOCATION_LAYER_IDS, myLocationCollection, myLocationLayer } from './myLocationLayer.ts';
import { FakeMap } from './testing/fakeMap.ts';

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

  it('draws nothing before a first fix, then the dot and the circle, each on its own layers', async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    myLocationLayer.install(fake.map, { location: null }, { satellite: false });
    for (const id of Object.values(MY_LOCATION_LAYER_IDS)) expect(fake.drawnFeatures(id)).toEqual([]);
    myLocationLayer.update(fake.map, { location: { lng: -80.86, lat: 35.62, accuracyM: 120 } }, { location: null }, { satellite: false });
    const kinds = (id: string) => fake.drawnFeatures(id).map((feature) => feature.properties.kind);
    expect(kinds(MY_LOCATION_LAYER_IDS.dot)).toEqual(['position']);
    expect(kinds(MY_LOCATION_LAYER_IDS.accuracy)).toEqual(['accuracy']);
    expect(kinds(MY_LOCATION_LAYER_IDS.accuracyLine)).toEqual(['accuracy']);
  });
});
