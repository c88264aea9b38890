import { parcelSearchFeature, suggestionFeatures, suggestionHtml } from './searchControl.ts';

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

describe('suggestionFeatures', () => {
  const result = (pin: string) => ({ pin, owner: 'REID STEVEN M', add1: '132 SADDLE LN', city: 'MOORESVILLE', zip: '28115', taxacres: 1, centroid: { lng: -80.86, lat: 35.62 }, matched: 'owner' as const });
  const view: [number, number, number, number] = [-81, 35, -80, 36];

  it('lists at most five suggestions (SPEC §9), places first, then "See all N results"', () => {
    const answer = {
      results: ['1', '2', '3', '4', '5', '6'].map(result),
      total: 531,
      capped: false,
      places: [
        { name: 'SADDLE LN', kind: 'road' as const, city: 'MOORESVILLE', bbox: [-80.9, 35.6, -80.8, 35.7] as [number, number, number, number] },
        { name: 'Lake Norman', kind: 'water' as const, city: null, bbox: [-81, 35.4, -80.8, 35.7] as [number, number, number, number] },
        { name: 'SADDLE PL', kind: 'road' as const, city: 'TROUTMAN', bbox: [-80.9, 35.6, -80.8, 35.7] as [number, number, number, number] },
      ],
    };
    const features = suggestionFeatures('saddle', answer, view);
    expect(features.map((feature) => feature.place_name)).toEqual([
      'SADDLE LN, MOORESVILLE (road)',
      'Lake Norman (water)',
      'REID STEVEN M — 132 SADDLE LN, MOORESVILLE — PIN 1',
      'REID STEVEN M — 132 SADDLE LN, MOORESVILLE — PIN 2',
      'REID STEVEN M — 132 SADDLE LN, MOORESVILLE — PIN 3',
      'See all 531 results',
    ]);
    expect(features[0]).toMatchObject({ bbox: [-80.9, 35.6, -80.8, 35.7] });
    expect(features.at(-1)).toMatchObject({ bbox: view, properties: { seeAll: 'saddle' } });
  });

  it('says when the count stops at the cap, and offers no list when nothing matched', () => {
    expect(suggestionFeatures('mo', { results: [result('1')], total: 500, capped: true, places: [] }, view).at(-1)!.place_name).toBe('See all 500+ results');
    expect(suggestionFeatures('zz', { results: [], total: 0, capped: false, places: [] }, view)).toEqual([]);
  });

  it('offers a single result as "See the result"', () => {
    expect(suggestionFeatures('reid', { results: [result('1')], total: 1, capped: false, places: [] }, view).at(-1)!.place_name).toBe('See the result');
  });
});

describe('suggestionHtml', () => {
  const view: [number, number, number, number] = [-81, 35, -80, 36];
  const shown = (html: string) => {
    const list = document.createElement('a');
    list.innerHTML = html;
    return [...list.querySelectorAll('div > div')].map((line) => [line.className, line.textContent]);
  };

  it("gives a parcel's owner, its address and its PIN a line each, as text whatever a county file's names hold", () => {
    const feature = parcelSearchFeature({ pin: '4601', owner: '<img src=x onerror=alert(1)> & SONS', add1: '12 OAK ST', city: 'MOORESVILLE', zip: null, taxacres: null, centroid: { lng: 0, lat: 0 }, matched: 'owner' });
    expect(shown(suggestionHtml(feature))).toEqual([
      ['mapboxgl-ctrl-geocoder--suggestion-title', '<img src=x onerror=alert(1)> & SONS'],
      ['mapboxgl-ctrl-geocoder--suggestion-address', '12 OAK ST, MOORESVILLE'],
      ['search-suggestion__pin', 'PIN 4601'],
    ]);
  });

  it("keeps 'See all 1,234 results' on one line and splits a place at its first comma", () => {
    const [road, seeAll] = suggestionFeatures('saddle', { results: [], total: 1234, capped: false, places: [{ name: 'SADDLE LN', kind: 'road', city: 'MOORESVILLE', bbox: view }] }, view);
    expect(shown(suggestionHtml(road!))).toEqual([
      ['mapboxgl-ctrl-geocoder--suggestion-title', 'SADDLE LN'],
      ['mapboxgl-ctrl-geocoder--suggestion-address', ' MOORESVILLE (road)'],
    ]);
    expect(shown(suggestionHtml(seeAll!))).toEqual([['mapboxgl-ctrl-geocoder--suggestion-title', 'See all 1,234 results']]);
  });
});
