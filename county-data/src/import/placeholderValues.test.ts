import { describe, expect, it } from 'vitest';
import { createPlaceholderFinder } from './placeholderValues.ts';

const TODAY = new Date('2026-06-15T12:00:00Z');

describe('values that mean "unknown"', () => {
  it('finds the words and marks assessor files write for no value, and zeros in a pattern, in any field', () => {
    const finder = createPlaceholderFinder({}, TODAY);
    for (const value of ['/', '  /  ', '-', '---', 'N/A', 'n/a', 'NONE', 'None', '0000', '  0000/  00', '00/00/0000']) expect(finder.text('BookPage', value), value).toBe(true);
    for (const value of ['0', '0.00', 0, ' 26596/  61', 'NONESUCH LN', '100', '', '   ', null, undefined, true]) expect(finder.text('BookPage', value), String(value)).toBe(false);
  });

  it('takes sale dates before 1901 or after today, a year built of 0 or to come, and a price of 0 on a sale without a date', () => {
    const finder = createPlaceholderFinder({}, TODAY);
    expect([finder.date('SaleDate', '1900-01-01', '1/1/1900'), finder.date('SaleDate', '2027-01-02', '1/2/2027')]).toEqual([true, true]);
    expect([finder.date('SaleDate', '1901-01-01', '1/1/1901'), finder.date('SaleDate', '2026-06-15', '6/15/2026')]).toEqual([false, false]);
    // A year built is known by its name or its label; a year before 1901 is a real old house.
    expect([finder.yearBuilt('AYBYrBuilt', undefined, '0'), finder.yearBuilt('YR_BUILT', undefined, 2031), finder.yearBuilt('BLT', 'Year built', 0)]).toEqual([true, true, true]);
    expect([finder.yearBuilt('AYBYrBuilt', undefined, '1873'), finder.yearBuilt('AYBYrBuilt', undefined, ''), finder.yearBuilt('GrossArea', 'Gross area', '0')]).toEqual([false, false, false]);
    expect([finder.salePrice('SALE_AMT', 0, null, '0'), finder.salePrice('SALE_AMT', 0, '2010-03-04', '0'), finder.salePrice('SALE_AMT', 1, null, '1')]).toEqual([true, false, false]);
  });

  it("adds the mapping's own, for one field or under '*' for every field, without case", () => {
    const finder = createPlaceholderFinder({ nullValues: { '*': ['unknown'], TotalValue: ['-1'] } }, TODAY);
    expect([finder.text('Style', 'UNKNOWN'), finder.text('TotalValue', ' -1 '), finder.text('totalvalue', '-1')]).toEqual([true, true, true]);
    expect(finder.text('LandValue', '-1')).toBe(false);
  });

  it('counts them per field in the order found, with up to five distinct examples as the file wrote them', () => {
    const finder = createPlaceholderFinder({}, TODAY);
    for (const value of ['/', '/', ' / ', '-', 'N/A', 'NONE', '0000']) finder.text('BookPage', value);
    finder.date('SaleDate', '1900-01-01', '1/1/1900');
    expect(finder.counts()).toEqual([
      { field: 'BookPage', count: 7, examples: ['/', ' / ', '-', 'N/A', 'NONE'] },
      { field: 'SaleDate', count: 1, examples: ['1/1/1900'] },
    ]);
  });
});
