import { describe, expect, it } from 'vitest';
import type { NearbyParcel } from '@parcel-map/shared';
import { labelPages, mailingList, mailingListCsv } from './mailingList.ts';

const parcel = (pin: string, more: Partial<NearbyParcel>): NearbyParcel => ({
  pin,
  owner: 'REID STEVEN M',
  add1: '132 SADDLE LN',
  add2: null,
  city: 'MOORESVILLE',
  state: 'NC',
  zip: '28115',
  mail_add1: null,
  mail_city: null,
  mail_state: null,
  mail_zip: null,
  taxacres: 1,
  distance_ft: 0,
  geometry: { type: 'Polygon', coordinates: [] },
  ...more,
});

describe('mailingList', () => {
  it('writes to the owner\'s mailing address where there is one, else to the parcel', () => {
    const [absentee, resident] = mailingList([
      parcel('1', { owner: 'LAKE NORMAN PROPERTIES LLC', mail_add1: 'PO BOX 12', mail_city: 'ATLANTA', mail_state: 'GA', mail_zip: '30309' }),
      parcel('2', { distance_ft: 40 }),
    ]);
    expect(absentee).toMatchObject({ address: 'PO BOX 12', city: 'ATLANTA', state: 'GA', zip: '30309' });
    expect(resident).toMatchObject({ address: '132 SADDLE LN', city: 'MOORESVILLE', state: 'NC', zip: '28115' });
  });

  it('sends one letter per owner and address, naming every parcel', () => {
    const office = { owner: 'CATAWBA HOLDINGS LLC', mail_add1: '10 MAIN ST', mail_city: 'CHARLOTTE', mail_state: 'NC', mail_zip: '28202' };
    const list = mailingList([parcel('1', { ...office, distance_ft: 90 }), parcel('2', { ...office, owner: 'Catawba Holdings  LLC', distance_ft: 20, taxacres: 2 }), parcel('3', {})]);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ pins: ['1', '2'], acres: 3, distanceFt: 20 });
  });

  it('makes a CSV with the pins of each letter', () => {
    const csv = mailingListCsv(mailingList([parcel('1', {}), parcel('2', {})]));
    expect(csv.split('\r\n')[0]).toBe('\uFEFFowner,mailing address,city,state,zip,pin,acres,distance (ft)');
    expect(csv.split('\r\n')[1]).toBe('REID STEVEN M,132 SADDLE LN,MOORESVILLE,NC,28115,"1; 2",2,0');
  });

  it('pages labels 30 to a sheet', () => {
    expect(labelPages(Array.from({ length: 61 }, (_, i) => i)).map((page) => page.length)).toEqual([30, 30, 1]);
  });
});
