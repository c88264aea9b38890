import { describe, expect, it } from 'vitest';
import { localityFinder } from './localities.ts';
import { analyseSearchText } from './searchText.ts';

const find = localityFinder({ cities: ['mooresville', 'mount ulla', 'cambridge', ''], zips: ['28115', '28117'] });
const localityOf = (query: string) => {
  const { locality } = find(analyseSearchText(query));
  return locality && { city: locality.city, zip: locality.zip, rest: locality.rest.normalised };
};

describe('localityFinder', () => {
  it('sets a town or ZIP code at the end apart, with a state between', () => {
    expect(localityOf('132 Saddle Ln, Mooresville')).toEqual({ city: 'mooresville', zip: undefined, rest: '132 saddle ln' });
    expect(localityOf('132 Saddle Ln 28115')).toEqual({ city: undefined, zip: '28115', rest: '132 saddle ln' });
    expect(localityOf('132 Saddle Lane, Mooresville, NC 28115')).toEqual({ city: 'mooresville', zip: '28115', rest: '132 saddle ln' });
    expect(localityOf('32 First St Cambridge MA')).toEqual({ city: 'cambridge', zip: undefined, rest: '32 first st' });
  });

  it('sets a town at the start apart, and a town of two words spelled either way', () => {
    expect(localityOf('Mooresville 132 Saddle Lane')).toEqual({ city: 'mooresville', zip: undefined, rest: '132 saddle ln' });
    expect(localityOf('10 Oak Rd Mt Ulla')).toEqual({ city: 'mount ulla', zip: undefined, rest: '10 oak rd' });
  });

  it('leaves a town or ZIP code alone to its own search, and a town with its ZIP code to a locality without words', () => {
    expect(localityOf('Mooresville')).toBeUndefined();
    expect(localityOf('28115')).toBeUndefined();
    expect(localityOf('Mooresville 28115')).toEqual({ city: 'mooresville', zip: '28115', rest: '' });
  });

  it('names no locality for words that are not a town or ZIP code of the county', () => {
    expect(localityOf('132 Saddle Ln Troutman')).toBeUndefined();
    expect(localityOf('132 Saddle Ln 28166')).toBeUndefined();
    // A town at the start, and ST the street type, not a state.
    expect(localityOf('Cambridge St')).toMatchObject({ city: 'cambridge', rest: 'st' });
  });
});
