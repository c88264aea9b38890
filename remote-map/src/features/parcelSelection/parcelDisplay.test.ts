import { acresLabel, addressLabel, dateLabel, mapsSearchUrl, ownerLabel, priceLabel, textLabel } from './parcelDisplay.ts';

describe('ownerLabel', () => {
  it('prefers the owner, then the name, then N/A', () => {
    expect(ownerLabel({ owner: 'Ann', name: 'Bob' })).toBe('Ann');
    expect(ownerLabel({ owner: ' ', name: 'Bob' })).toBe('Bob');
    expect(ownerLabel({ owner: null, name: null })).toBe('N/A');
  });
});

describe('addressLabel', () => {
  it("joins ADD1 and CITY with a comma, leaving out what is missing", () => {
    expect(addressLabel({ add1: '12 OAK ST', city: 'MOORESVILLE' })).toBe('12 OAK ST, MOORESVILLE');
    expect(addressLabel({ add1: '12 OAK ST', city: null })).toBe('12 OAK ST');
    expect(addressLabel({ add1: null, city: 'MOORESVILLE' })).toBe('MOORESVILLE');
    expect(addressLabel({ add1: '', city: null })).toBe('N/A');
  });
});

describe('display formats', () => {
  it('writes tax acres with 2 decimals', () => {
    expect(acresLabel(1.234)).toBe('1.23');
    expect(acresLabel(2)).toBe('2.00');
    expect(acresLabel(0.005)).toBe('0.01');
    expect(acresLabel(null)).toBe('N/A');
    expect(acresLabel(Number.NaN)).toBe('N/A');
  });

  it('writes prices in USD without decimals', () => {
    expect(priceLabel(245000)).toBe('$245,000');
    expect(priceLabel(1234.56)).toBe('$1,235');
    expect(priceLabel(0)).toBe('$0');
    expect(priceLabel(null)).toBe('N/A');
  });

  it('writes dates as MM/DD/YYYY without a time-zone shift', () => {
    expect(dateLabel('2019-05-03')).toBe('05/03/2019');
    expect(dateLabel('2019-12-31T23:30:00-05:00')).toBe('12/31/2019');
    expect(dateLabel('March 4, 2001 UTC')).toBe('03/04/2001');
    expect(dateLabel('not a date')).toBe('N/A');
    expect(dateLabel('')).toBe('N/A');
    expect(dateLabel(null)).toBe('N/A');
  });

  it("writes 'N/A' for missing text", () => {
    expect(textLabel(' R-20 ')).toBe('R-20');
    expect(textLabel('  ')).toBe('N/A');
    expect(textLabel(undefined)).toBe('N/A');
  });
});

describe('mapsSearchUrl', () => {
  it('searches the maps service for latitude,longitude of the centroid', () => {
    expect(mapsSearchUrl({ lng: -80.86, lat: 35.62 })).toBe('https://www.google.com/maps/search/?api=1&query=35.620000,-80.860000');
  });
});
