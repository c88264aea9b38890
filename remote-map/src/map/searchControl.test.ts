import { parcelSearchFeature } from './searchControl.ts';

describe('parcelSearchFeature', () => {
  it('turns a parcel match into a geocoder result at its centroid, carrying the pin', () => {
    expect(
      parcelSearchFeature({ pin: '4601', owner: 'SMITH JOHN', add1: '12 OAK ST', city: 'MOORESVILLE', zip: '28115', taxacres: 0.5, centroid: { lng: -80.8, lat: 35.6 }, matched: 'owner' }),
    ).toMatchObject({
      place_name: 'SMITH JOHN — 12 OAK ST, MOORESVILLE — PIN 4601',
      center: [-80.8, 35.6],
      geometry: { type: 'Point', coordinates: [-80.8, 35.6] },
      properties: { pin: '4601', matched: 'owner' },
    });
  });

  it('leaves out what the match lacks', () => {
    expect(parcelSearchFeature({ pin: '9', owner: null, add1: null, city: null, zip: null, taxacres: null, centroid: { lng: 0, lat: 0 }, matched: 'pin' }).place_name).toBe('PIN 9');
  });
});
