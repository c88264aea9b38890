// Migration 027 stores every parcel's owner kind and absentee classes: rows written before it get them,
// in the served version's table and in a retired one alike (a rollback can still attach it), and a
// new version's table computes the owner kind of each row written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateWithKeptVersions, type KeptVersions } from './testing/keptVersions.ts';

/** Owner, mailing city, state and ZIP code; every site is in MOORESVILLE, NC 28115. */
const OWNERS: [owner: string | null, mailCity: string | null, mailState: string | null, mailZip: string | null][] = [
  ['COUNTY LINE LLC', 'MOORESVILLE', 'NC', '28115'],
  ['SMITH FAMILY TRUST', 'CHARLOTTE', 'NC', '28202'],
  ['IREDELL COUNTY', null, 'NC', null],
  ['SMITH JOHN HEIRS', 'NAPLES', 'FL', '34102'],
  ['HOLT ANNA', 'RALEIGH', null, null],
  [null, null, null, null],
];
const CLASSES = [
  { pin: 'P-0', owner_kind: 'LLC', absentee_county: false, absentee_state: false },
  { pin: 'P-1', owner_kind: 'TRUST', absentee_county: true, absentee_state: false },
  { pin: 'P-2', owner_kind: 'GOVERNMENT', absentee_county: false, absentee_state: false },
  { pin: 'P-3', owner_kind: 'ESTATE', absentee_county: true, absentee_state: true },
  { pin: 'P-4', owner_kind: 'INDIVIDUAL', absentee_county: true, absentee_state: false },
  { pin: 'P-5', owner_kind: null, absentee_county: false, absentee_state: false },
];

describe('migration 027 on a database with a served and a retired version', () => {
  let kept: KeptVersions;

  const classes = async (table: string) =>
    (await kept.db.query(`SELECT pin, owner_kind, absentee_county, absentee_state FROM ${table} ORDER BY pin`)).rows;

  beforeAll(async () => {
    kept = await migrateWithKeptVersions('027', async (db, id) => {
      for (const [index, [owner, mailCity, mailState, mailZip]] of OWNERS.entries()) {
        await db.query(
          `INSERT INTO parcels_v${id} (pin, owner, city, state, zip, mail_city, mail_state, mail_zip, geometry, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat, dataset_id)
           VALUES ($1, $2, 'MOORESVILLE', 'NC', '28115', $3, $4, $5, '{}', -80.8, 35.5, -80.9, 35.4, -80.7, 35.6, $6)`,
          [`P-${index}`, owner, mailCity, mailState, mailZip, id],
        );
      }
    });
  });
  afterAll(() => kept.close());

  it('classifies every parcel written before it, served or retired', async () => {
    expect(await classes('parcels')).toEqual(CLASSES);
    expect(await classes(`parcels_v${kept.retiredId}`)).toEqual(CLASSES);
  });

  it('lets a rollback attach the retired version again', async () => {
    await kept.db.exec(`ALTER TABLE parcels DETACH PARTITION parcels_v${kept.currentId}`);
    await kept.db.exec(`ALTER TABLE parcels ATTACH PARTITION parcels_v${kept.retiredId} FOR VALUES IN (${kept.retiredId})`);
    expect(await classes('parcels')).toEqual(CLASSES);
  });

  it("computes a new version's owner kinds as its rows are written, and its absentees when asked", async () => {
    const id = await kept.version(3, false);
    expect(await classes(`parcels_v${id}`)).toEqual(CLASSES.map((row) => ({ ...row, absentee_county: false, absentee_state: false })));
    await kept.db.query('SELECT mark_absentee_owners($1)', [id]);
    expect(await classes(`parcels_v${id}`)).toEqual(CLASSES);
  });
});
