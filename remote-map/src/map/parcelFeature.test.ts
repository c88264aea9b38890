import { parcelPin, readProperty, readText } from './parcelFeature.ts';

describe('readProperty', () => {
  it('prefers the exact key over a case-insensitive match', () => {
    expect(readProperty({ pin: 'a', PIN: 'b' }, 'PIN')).toBe('b');
    expect(readProperty({ pin: 'a', PIN: 'b' }, 'pin')).toBe('a');
  });

  it('matches keys ignoring case', () => {
    expect(readProperty({ taxacres: 3 }, 'TaxAcres')).toBe(3);
    expect(readProperty({ Add1: '1 Main St' }, 'ADD1')).toBe('1 Main St');
  });

  it('returns undefined for missing keys and missing properties', () => {
    expect(readProperty({ a: 1 }, 'b')).toBeUndefined();
    expect(readProperty(null, 'b')).toBeUndefined();
    expect(readProperty(undefined, 'b')).toBeUndefined();
  });
});

describe('readText', () => {
  it('trims strings and turns blank ones into null', () => {
    expect(readText({ Name: '  Ann  ' }, 'Name')).toBe('Ann');
    expect(readText({ Name: '   ' }, 'Name')).toBeNull();
  });

  it('accepts finite numbers as text and rejects other types', () => {
    expect(readText({ PIN: 4601 }, 'PIN')).toBe('4601');
    expect(readText({ PIN: Number.NaN }, 'PIN')).toBeNull();
    expect(readText({ PIN: true }, 'PIN')).toBeNull();
  });
});

describe('parcelPin', () => {
  it('reads pin in either case', () => {
    expect(parcelPin({ PIN: '123' })).toBe('123');
    expect(parcelPin({ pin: '456' })).toBe('456');
  });

  it('is null when the pin is missing or empty', () => {
    expect(parcelPin({ Name: 'x' })).toBeNull();
    expect(parcelPin({ pin: '' })).toBeNull();
  });
});
