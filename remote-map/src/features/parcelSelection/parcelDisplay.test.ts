import { addressLabel, ownerLabel } from './parcelDisplay.ts';

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
