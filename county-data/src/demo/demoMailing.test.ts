import { describe, expect, it } from 'vitest';
import { CENTRE_PIN, generateDemoCounty, TEST_EXTENT } from './demoCounty.ts';
import { COMPANY_KINDS } from './demoNames.ts';

const county = generateDemoCounty({ extent: TEST_EXTENT });
const isCompany = (owner: string) => COMPANY_KINDS.some((kind) => owner.endsWith(` ${kind}`));

describe('the demo county\'s owner mailing addresses', () => {
  it('gives every parcel an owner mailing address and a ZIP code', () => {
    for (const parcel of county.parcels) {
      expect(parcel.zip).toMatch(/^\d{5}$/);
      expect(parcel.mail_add1).toMatch(/\S/);
      expect(parcel.mail_city).toMatch(/^[A-Z ]+$/);
      expect(parcel.mail_state).toMatch(/^[A-Z]{2}$/);
      expect(parcel.mail_zip).toMatch(/^\d{5}$/);
    }
  });

  it('has owners who live on their lot, owners elsewhere in the state and absentee owners out of state', () => {
    const individuals = county.parcels.filter((parcel) => !isCompany(parcel.owner));
    const atSite = individuals.filter((parcel) => parcel.mail_add1 === [parcel.add1, parcel.add2].filter(Boolean).join(' ') && parcel.mail_zip === parcel.zip);
    const outOfState = county.parcels.filter((parcel) => parcel.mail_state !== 'NC');
    const inStateElsewhere = individuals.filter((parcel) => parcel.mail_state === 'NC' && parcel.mail_city !== parcel.city);
    expect(atSite.length / individuals.length).toBeGreaterThan(0.7);
    expect(outOfState.length / county.parcels.length).toBeGreaterThan(0.04);
    expect(inStateElsewhere.length).toBeGreaterThan(0);
  });

  it('mails a company at one address for all its parcels', () => {
    const byCompany = new Map<string, Set<string>>();
    for (const parcel of county.parcels.filter((p) => isCompany(p.owner))) {
      const addresses = byCompany.get(parcel.owner) ?? new Set();
      addresses.add(`${parcel.mail_add1}|${parcel.mail_city}|${parcel.mail_state}|${parcel.mail_zip}`);
      byCompany.set(parcel.owner, addresses);
    }
    expect([...byCompany.values()].some((addresses) => addresses.size === 1)).toBe(true);
    for (const addresses of byCompany.values()) expect(addresses.size).toBe(1);
    expect([...byCompany.keys()].length).toBeLessThan(county.parcels.filter((p) => isCompany(p.owner)).length);
  });

  it('leaves the rest of the county as it was (drawn from a stream of their own): the centre lot\'s owner and address are unchanged', () => {
    const centre = county.parcels.find((parcel) => parcel.pin === CENTRE_PIN)!;
    // What this extent's centre lot was before mailing addresses existed.
    expect(centre).toMatchObject({ owner: 'DAVIS BRIAN H', zip: '28115' });
  });
});
