import { describe, expect, it } from 'vitest';
import { jsonWithStored } from './storedJson.ts';

describe('jsonWithStored', () => {
  it('splices the stored text in as the value of the key, beside the fields of the value', () => {
    const stored = '{"type":"LineString","coordinates":[[-80.86,35.62],[-80.859,35.621]]}';
    const json = jsonWithStored({ id: 7, name: 'Survey "line"', next: null }, 'geometry', stored);
    expect(JSON.parse(json)).toEqual({ id: 7, name: 'Survey "line"', next: null, geometry: JSON.parse(stored) });
    expect(json.endsWith(`"geometry":${stored}}`)).toBe(true);
  });

  it('adds the key to an empty object without a stray comma', () => {
    expect(JSON.parse(jsonWithStored({}, 'markups', '[]'))).toEqual({ markups: [] });
  });

  it('escapes a key as JSON does', () => {
    expect(JSON.parse(jsonWithStored({ a: 1 }, 'say "hi"', '2'))).toEqual({ a: 1, 'say "hi"': 2 });
  });
});
