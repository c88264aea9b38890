import { parcelFeatureInfo, parcelPin, readNumber, readProperty, readText } from './parcelFeature.ts';

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

describe('readNumber', () => {
  it('converts numeric strings to numbers', () => {
    expect(readNumber({ TaxAcres: '1.25' }, 'TaxAcres')).toBe(1.25);
    expect(readNumber({ TaxAcres: 2 }, 'TaxAcres')).toBe(2);
  });

  it('ignores values that are not numeric', () => {
    expect(readNumber({ TaxAcres: 'about 3' }, 'TaxAcres')).toBeNull();
    expect(readNumber({ TaxAcres: '' }, 'TaxAcres')).toBeNull();
    expect(readNumber({ TaxAcres: Number.POSITIVE_INFINITY }, 'TaxAcres')).toBeNull();
    expect(readNumber({}, 'TaxAcres')).toBeNull();
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

describe('parcelFeatureInfo', () => {
  it('reads the parcel fields case-insensitively', () => {
    expect(
      parcelFeatureInfo({ pin: '4601-22', name: 'SMITH JOHN', add1: '12 OAK ST', city: 'MOORESVILLE', taxacres: '0.52' }),
    ).toEqual({ pin: '4601-22', name: 'SMITH JOHN', owner: null, add1: '12 OAK ST', city: 'MOORESVILLE', taxAcres: 0.52 });
  });

  it('reads the owner from OwnerName or Owner', () => {
    expect(parcelFeatureInfo({ PIN: '1', OwnerName: 'A' })?.owner).toBe('A');
    expect(parcelFeatureInfo({ PIN: '1', Owner: 'B' })?.owner).toBe('B');
  });

  it('is null for a feature without a pin', () => {
    expect(parcelFeatureInfo({ Name: 'No pin' })).toBeNull();
    expect(parcelFeatureInfo(null)).toBeNull();
  });
});
