import { isMapboxHostedUrl, isSatelliteStyleName, matchLoadedStyle } from './mapStyles.ts';

const styles = [
  { id: 'streets-v12', name: 'Streets', url: 'mapbox://styles/mapbox/streets-v12' },
  { id: 'satellite-streets-v12', name: 'Satellite Streets', url: 'mapbox://styles/mapbox/satellite-streets-v12' },
];

describe('matchLoadedStyle', () => {
  it('matches by url first', () => {
    expect(matchLoadedStyle(styles, { url: 'mapbox://styles/mapbox/satellite-streets-v12', name: 'Streets' })?.id).toBe(
      'satellite-streets-v12',
    );
  });

  it('falls back to a case-insensitive name match', () => {
    expect(matchLoadedStyle(styles, { url: 'http://elsewhere/s.json', name: 'satellite streets' })?.id).toBe('satellite-streets-v12');
  });

  it('is undefined when nothing matches', () => {
    expect(matchLoadedStyle(styles, { url: null, name: 'Dark' })).toBeUndefined();
    expect(matchLoadedStyle(styles, {})).toBeUndefined();
  });
});

describe('isSatelliteStyleName', () => {
  it('treats any name containing satellite as satellite', () => {
    expect(isSatelliteStyleName('Satellite Streets')).toBe(true);
    expect(isSatelliteStyleName('Mapbox SATELLITE')).toBe(true);
    expect(isSatelliteStyleName('Streets')).toBe(false);
    expect(isSatelliteStyleName(undefined)).toBe(false);
  });
});

describe('isMapboxHostedUrl', () => {
  it('recognises mapbox:// and api.mapbox.com urls', () => {
    expect(isMapboxHostedUrl('mapbox://styles/mapbox/streets-v12')).toBe(true);
    expect(isMapboxHostedUrl('https://api.mapbox.com/styles/v1/mapbox/streets-v12')).toBe(true);
  });

  it('does not count local or malformed urls', () => {
    expect(isMapboxHostedUrl('http://127.0.0.1:4000/styles/streets-local.json')).toBe(false);
    expect(isMapboxHostedUrl('https://notmapbox.com/x.json')).toBe(false);
    expect(isMapboxHostedUrl('not a url')).toBe(false);
  });
});
