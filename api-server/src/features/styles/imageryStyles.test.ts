import { describe, expect, it } from 'vitest';
import { imageryCredit } from './imageryStyles.ts';

describe('imageryCredit', () => {
  it('names the source and the year the photos were taken, once', () => {
    expect(imageryCredit({ label: 'County imagery', year: 2023, attribution: 'Cook County GIS' })).toBe('County imagery (2023): Cook County GIS');
    expect(imageryCredit({ label: 'Orthophoto 2024', year: 2024, attribution: 'Cook County GIS' })).toBe('Orthophoto 2024: Cook County GIS');
    expect(imageryCredit({ label: 'County imagery', year: null, attribution: 'Cook County GIS' })).toBe('County imagery: Cook County GIS');
    expect(imageryCredit({ label: 'SPOT', year: 1990, attribution: '' })).toBe('SPOT (1990)');
  });
});
