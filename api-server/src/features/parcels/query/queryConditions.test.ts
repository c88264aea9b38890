// The owner kind and absentee filters read the columns a publish stores (migration 027), which its
// indexes serve, compared exactly as their closed values are spelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@parcel-map/database';
import { openTestDb } from '@parcel-map/database/testing';
import { SqlParams, whereSql } from './queryConditions.ts';
import { loadFieldCatalogue, type FieldCatalogue } from './queryFields.ts';

describe('the WHERE of an owner kind and absentee query', () => {
  let db: Db;
  let catalogue: FieldCatalogue;
  beforeAll(async () => {
    db = await openTestDb('migrated');
    catalogue = await loadFieldCatalogue(db);
  });
  afterAll(() => db.close());

  const where = (filters: Parameters<typeof whereSql>[0]['filters']) => {
    const params = new SqlParams();
    return { sql: whereSql({ filters }, catalogue, params), values: params.values };
  };

  it('compares the stored owner kind', () => {
    expect(where([{ field: 'owner_kind', op: 'in', value: ['LLC', 'TRUST'] }])).toEqual({ sql: "p.kind = 'parcel' AND p.owner_kind = ANY($1::text[])", values: [['LLC', 'TRUST']] });
    expect(where([{ field: 'owner_kind', op: '!=', value: 'INDIVIDUAL' }])).toEqual({ sql: "p.kind = 'parcel' AND p.owner_kind IS DISTINCT FROM $1", values: ['INDIVIDUAL'] });
  });

  it('reads each kind of absentee from its own column', () => {
    expect(where([{ field: 'absentee', op: '=', value: 'county' }])).toEqual({ sql: "p.kind = 'parcel' AND (p.absentee_county)", values: [] });
    expect(where([{ field: 'absentee', op: '!=', value: 'state' }]).sql).toBe("p.kind = 'parcel' AND NOT (p.absentee_state)");
  });
});
