import { describe, expect, it } from 'vitest';
import type { NearbyParcel } from '@parcel-map/shared';
import { NEARBY_CSV_DISTANCE_COLUMN, QUERY_CSV_COLUMNS } from '@parcel-map/shared/api';
import { chunks, labelAddress, mailingList, mailingListCsv, mailingSources, sortedForMailing } from './mailingList.ts';

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

  it('pages labels a sheet at a time, every label on one of them', () => {
    expect(chunks(Array.from({ length: 61 }, (_, i) => i), 30).map((page) => page.length)).toEqual([30, 30, 1]);
  });

  it('sorts letters by owner name, or by ZIP then owner name', () => {
    const list = mailingList([
      parcel('1', { owner: 'ZEBULON LLC', zip: '28115' }),
      parcel('2', { owner: 'ADAMS JOHN', zip: '28117' }),
      parcel('3', { owner: 'MOORE ANN', zip: '28115' }),
    ]);
    expect(sortedForMailing(list, 'owner').map((entry) => entry.owner)).toEqual(['ADAMS JOHN', 'MOORE ANN', 'ZEBULON LLC']);
    expect(sortedForMailing(list, 'zip').map((entry) => entry.owner)).toEqual(['MOORE ANN', 'ZEBULON LLC', 'ADAMS JOHN']);
  });

  it('addresses a label in capitals, with "OR CURRENT RESIDENT" under the owner when asked', () => {
    const [entry] = mailingList([parcel('1', { owner: 'Reid Steven M', add1: '132 Saddle Ln' })]);
    expect(labelAddress(entry!, { orCurrentResident: false })).toEqual(['REID STEVEN M', '132 SADDLE LN', 'MOORESVILLE, NC 28115']);
    expect(labelAddress(entry!, { orCurrentResident: true })).toEqual(['REID STEVEN M', 'OR CURRENT RESIDENT', '132 SADDLE LN', 'MOORESVILLE, NC 28115']);
  });

  it('reads the letters of a whole list from its CSV columns: a nearby list with distances, a query without', () => {
    const header = [...QUERY_CSV_COLUMNS, NEARBY_CSV_DISTANCE_COLUMN, 'Land use'];
    const row = (cells: Partial<Record<(typeof header)[number], string>>) => header.map((column) => cells[column] ?? '');
    const nearby = mailingSources({
      header,
      rows: [
        row({ pin: '1', owner: 'REID STEVEN M', address: '132 SADDLE LN', city: 'MOORESVILLE', state: 'NC', zip: '28115', acres: '1.5', distance_ft: '40' }),
        row({ pin: '2', owner: 'CATAWBA HOLDINGS LLC', address: '9 OAK ST', mail_address: '10 MAIN ST', mail_city: 'CHARLOTTE', mail_state: 'NC', mail_zip: '28202', acres: '2', distance_ft: '0' }),
      ],
    });
    expect(mailingList(nearby)).toEqual([
      { owner: 'REID STEVEN M', address: '132 SADDLE LN', city: 'MOORESVILLE', state: 'NC', zip: '28115', pins: ['1'], acres: 1.5, distanceFt: 40 },
      { owner: 'CATAWBA HOLDINGS LLC', address: '10 MAIN ST', city: 'CHARLOTTE', state: 'NC', zip: '28202', pins: ['2'], acres: 2, distanceFt: 0 },
    ]);

    const query = mailingSources({ header: [...QUERY_CSV_COLUMNS], rows: [QUERY_CSV_COLUMNS.map((column) => (column === 'pin' ? '3' : ''))] });
    const [letter] = mailingList(query);
    expect(letter).toMatchObject({ owner: 'CURRENT OWNER', pins: ['3'], acres: 0, distanceFt: null });
    expect(mailingListCsv([letter!]).split('\r\n')[1]).toBe('CURRENT OWNER,,,,,3,0,');
  });
});
