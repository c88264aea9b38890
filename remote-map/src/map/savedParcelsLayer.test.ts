import { SAVED_LAYER_IDS, savedParcelsCollection, savedParcelsLayer } from './savedParcelsLayer.ts';
import { FakeMap } from './testing/fakeMap.ts';

describe('saved parcels overlay', () => {
  it('makes one point per saved parcel with a usable centroid', () => {
    const collection = savedParcelsCollection([
      { pin: '1', lng: -80.8, lat: 35.6, label: 'ANN' },
      { pin: '2', lng: Number.NaN, lat: 35.6, label: 'BOB' },
    ]);
    expect(collection.features).toEqual([
      { type: 'Feature', properties: { pin: '1', label: 'ANN' }, geometry: { type: 'Point', coordinates: [-80.8, 35.6] } },
    ]);
  });

  const ann = { pin: '1', lng: -80.8, lat: 35.6, label: 'ANN' };
  const bob = { pin: '2', lng: -80.7, lat: 35.5, label: 'BOB' };

  async function installed(state: { points: (typeof ann)[]; visible: boolean }) {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    savedParcelsLayer.install(fake.map, state, { satellite: false });
    return fake;
  }
  const markerPins = (fake: FakeMap) => fake.drawnFeatures(SAVED_LAYER_IDS.marker).map((feature) => feature.properties.pin);

  it('is hidden unless switched on, halo and marker alike', async () => {
    const fake = await installed({ points: [ann], visible: false });
    expect(markerPins(fake)).toEqual([]);
    expect(fake.visibility(SAVED_LAYER_IDS.halo)).toBe('none');
    savedParcelsLayer.update(fake.map, { points: [ann], visible: true }, { points: [ann], visible: false }, { satellite: false });
    expect(markerPins(fake)).toEqual(['1']);
    expect(fake.visibility(SAVED_LAYER_IDS.halo)).toBe('visible');
    expect(savedParcelsLayer.published?.({ points: [ann], visible: true }, fake.map)).toEqual({ savedParcelCount: 1, savedParcels: 'visible' });
  });

  it('draws the saved parcels it is given, halo under marker', async () => {
    const fake = await installed({ points: [ann], visible: true });
    savedParcelsLayer.update(fake.map, { points: [ann, bob], visible: true }, { points: [ann], visible: true }, { satellite: false });
    expect(markerPins(fake)).toEqual(['1', '2']);
    expect(fake.layerIds()).toEqual([SAVED_LAYER_IDS.halo, SAVED_LAYER_IDS.marker]);
  });
});
