import { describe, expect, it } from 'vitest';
import { parcelDetailsAnswer, parcelSearchAnswer } from '../wire/apiAnswers.fixture.ts';
import { INVALID_PARCEL_MESSAGE, parcelDetailsResponseSchema, parcelDetailsSchema, parcelSearchResponseSchema } from './parcelContract.ts';

const square = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]]] };

describe('parcel details answers', () => {
  it("take the API's answer as it is", () => {
    expect(parcelDetailsSchema.parse(parcelDetailsAnswer)).toEqual(parcelDetailsAnswer);
    expect(parcelDetailsResponseSchema.parse(parcelDetailsAnswer)).toEqual(parcelDetailsAnswer);
  });

  it.each([
    ['a number as the pin', { ...parcelDetailsAnswer, pin: 1 }],
    ['no geometry', { pin: '1', centroid: { lng: 1, lat: 2 } }],
    ['a geometry type the map cannot draw', { pin: '1', geometry: { type: 'Circle', coordinates: [] } }],
    ['a geometry without a coordinate array', { pin: '1', geometry: { type: 'Point', coordinates: '1,2' } }],
    ['null', null],
    ['text', '1'],
  ])('reject %s', (_label, answer) => {
    expect(parcelDetailsResponseSchema.safeParse(answer).success).toBe(false);
  });

  it("read the data set's empty fields, and an answer without them (cached before) as none", () => {
    expect(parcelDetailsResponseSchema.parse({ ...parcelDetailsAnswer, empty_fields: ['owner', 'zoning'] }).empty_fields).toEqual(['owner', 'zoning']);
    const { empty_fields: _, ...before } = parcelDetailsAnswer;
    expect(parcelDetailsResponseSchema.parse(before).empty_fields).toEqual([]);
  });

  it('read missing or mistyped display fields as null and numeric text as a number', () => {
    const parsed = parcelDetailsResponseSchema.parse({ pin: '1', owner: 'Ann', name: 7, taxacres: '1.5', sales_price: 'n/a', geometry: square });
    expect(parsed).toMatchObject({ pin: '1', name: null, owner: 'Ann', add1: null, taxacres: 1.5, sales_price: null, sale_date: null });
  });

  it("read a county's attributes as given, and attributes they cannot read as none", () => {
    const attributes = [
      { key: 'TotalAppraisedParcelValue', label: 'Appraised total value', value: 635100, format: 'currency' },
      { key: 'UseDescription', label: 'Land use', value: 'THREE-FM-RES' },
    ];
    expect(parcelDetailsResponseSchema.parse({ ...parcelDetailsAnswer, attributes }).attributes).toEqual(attributes);
    expect(parcelDetailsResponseSchema.parse({ ...parcelDetailsAnswer, attributes: [{ key: 'A', value: {} }] }).attributes).toEqual([]);
    expect(parcelDetailsResponseSchema.parse({ pin: '1', geometry: square }).attributes).toEqual([]);
  });

  it('leave out a centroid they cannot read, for the map to compute from the geometry', () => {
    expect(parcelDetailsResponseSchema.parse({ pin: '1', centroid: { lng: '1' }, geometry: square }).centroid).toBeUndefined();
    expect(parcelDetailsSchema.safeParse({ ...parcelDetailsAnswer, centroid: undefined }).success).toBe(false);
  });

  it("say SPEC §5's message when they break the contract", () => {
    expect(INVALID_PARCEL_MESSAGE).toBe('Received invalid parcel data from the server.');
  });
});

describe('parcel search answers', () => {
  it("take the API's answer as it is", () => {
    expect(parcelSearchResponseSchema.parse(parcelSearchAnswer)).toEqual(parcelSearchAnswer);
  });

  it.each([
    ['a result without a centroid', { ...parcelSearchAnswer, results: [{ ...parcelSearchAnswer.results[0], centroid: undefined }] }],
    ['a result without a pin', { ...parcelSearchAnswer, results: [{ ...parcelSearchAnswer.results[0], pin: undefined }] }],
    ['an unknown kind of match', { ...parcelSearchAnswer, results: [{ ...parcelSearchAnswer.results[0], matched: 'zoning' }] }],
    ['results that are not a list', { ...parcelSearchAnswer, results: {} }],
    ['no total', { ...parcelSearchAnswer, total: undefined }],
    ['a place without its box', { ...parcelSearchAnswer, places: [{ name: 'X', kind: 'road', city: null }] }],
  ])('reject %s', (_label, answer) => {
    expect(parcelSearchResponseSchema.safeParse(answer).success).toBe(false);
  });
});
