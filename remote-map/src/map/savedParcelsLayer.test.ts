import { savedParcelsCollection, savedParcelsLayers } from './savedParcelsLayer.ts';

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

  it('is hidden unless switched on', () => {
    for (const layer of savedParcelsLayers(false)) expect(layer.layout).toEqual({ visibility: 'none' });
    for (const layer of savedParcelsLayers(true)) expect(layer.layout).toEqual({ visibility: 'visible' });
  });
});
