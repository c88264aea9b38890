import { describe, expect, it } from 'vitest';
import { localityFinder } from './localities.ts';
import { analyseSearchText } from './searchText.ts';

const finder = localityFinder({ cities: ['mooresville', 'mount ulla', 'mount mourne', 'cambridge', ''], zips: ['28115', '28117'] });
const localityOf = (query: string) => {
  const { locality } = finder.find(analyseSearchText(query));
  return locality && { city: locality.city, zip: locality.zip, rest: locality.rest.normalised, restEndsQuery: locality.restEndsQuery };
};
const begunLocalityOf = (query: string) => {
  const locality = finder.findBegun(finder.find(analyseSearchText(query)))?.locality;
  return locality && { city: locality.city, zip: locality.zip, begun: locality.begun, rest: locality.rest.normalised };
};

describe('localityFinder', () => {
  it('sets a town or ZIP code at the end apart, with a state between', () => {
    expect(localityOf('132 Saddle Ln, Mooresville')).toEqual({ city: 'mooresville', zip: undefined, rest: '132 saddle ln', restEndsQuery: false });
    expect(localityOf('132 Saddle Ln 28115')).toEqual({ city: undefined, zip: '28115', rest: '132 saddle ln', restEndsQuery: false });
    expect(localityOf('132 Saddle Lane, Mooresville, NC 28115')).toEqual({ city: 'mooresville', zip: '28115', rest: '132 saddle ln', restEndsQuery: false });
    expect(localityOf('32 First St Cambridge MA')).toEqual({ city: 'cambridge', zip: undefined, rest: '32 first st', restEndsQuery: false });
  });

  it('sets a town at the start apart, and a town of two words spelled either way', () => {
    expect(localityOf('Mooresville 132 Saddle Lane')).toEqual({ city: 'mooresville', zip: undefined, rest: '132 saddle ln', restEndsQuery: true });
    expect(localityOf('10 Oak Rd Mt Ulla')).toEqual({ city: 'mount ulla', zip: undefined, rest: '10 oak rd', restEndsQuery: false });
  });

  it('leaves a town or ZIP code alone to its own search, and a town with its ZIP code to a locality without words', () => {
    expect(localityOf('Mooresville')).toBeUndefined();
    expect(localityOf('28115')).toBeUndefined();
    expect(localityOf('Mooresville 28115')).toEqual({ city: 'mooresville', zip: '28115', rest: '', restEndsQuery: false });
  });

  it('names no locality for words that are not a town or ZIP code of the county', () => {
    expect(localityOf('132 Saddle Ln Troutman')).toBeUndefined();
    expect(localityOf('132 Saddle Ln 28166')).toBeUndefined();
    // A town at the start, and ST the street type, not a state.
    expect(localityOf('Cambridge St')).toMatchObject({ city: 'cambridge', rest: 'st' });
  });
});

describe('localityFinder: a town or ZIP code still being typed', () => {
  it('reads the last words that begin one town as that town, and those that begin several as the start they share', () => {
    expect(begunLocalityOf('132 Saddle Ln moores')).toEqual({ city: 'mooresville', zip: undefined, begun: undefined, rest: '132 saddle ln' });
    // Two towns begin with MOUNT M…, one with MOUNT U: spelled out or as searched (MT).
    expect(begunLocalityOf('10 Oak Rd mount u')).toMatchObject({ city: 'mount ulla', rest: '10 oak rd' });
    expect(begunLocalityOf('10 Oak Rd mt u')).toMatchObject({ city: 'mount ulla', rest: '10 oak rd' });
    expect(begunLocalityOf('10 Oak Rd mou')).toEqual({ city: 'mount ', zip: undefined, begun: true, rest: '10 oak rd' });
  });

  it('reads a word alone that begins a town as the town, and digits after words as a ZIP code begun', () => {
    expect(begunLocalityOf('mooresvi')).toEqual({ city: 'mooresville', zip: undefined, begun: undefined, rest: '' });
    expect(begunLocalityOf('132 Saddle Ln 2811')).toEqual({ city: undefined, zip: '2811', begun: true, rest: '132 saddle ln' });
    expect(begunLocalityOf('2811')).toBeUndefined();
  });

  it('reads nothing when no town or ZIP code begins so, or the query names its locality whole', () => {
    expect(begunLocalityOf('132 Saddle Ln trou')).toBeUndefined();
    expect(begunLocalityOf('132 Saddle Ln 2866')).toBeUndefined();
    expect(begunLocalityOf('132 Saddle Ln Mooresville')).toBeUndefined();
    expect(begunLocalityOf('Mooresville 132 Saddle Ln mo')).toBeUndefined();
  });
});
