import { describe, expect, it } from 'vitest';
import { atQuerySchema, featureParamsSchema, parcelParamsSchema, searchQuerySchema } from './parcelRequests.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);

describe('parcel requests', () => {
  it('take a PIN of letters, digits, ".", "_" and "-", up to 64 characters', () => {
    expect(parcelParamsSchema.parse({ pin: 'A-1._z' })).toEqual({ pin: 'A-1._z' });
    expect(parcelParamsSchema.safeParse({ pin: '1'.repeat(64) }).success).toBe(true);
    expect(messages(parcelParamsSchema.safeParse({ pin: '1'.repeat(65) }))).toEqual(['pin must be at most 64 characters']);
    expect(messages(parcelParamsSchema.safeParse({ pin: '46 05' }))).toEqual(['pin may contain only letters, digits, ".", "_" and "-"']);
  });

  it('search for 2 to 100 characters of storable text, trimmed (SPEC §5)', () => {
    expect(searchQuerySchema.parse({ q: ' ab ' })).toEqual({ q: 'ab', limit: 10, offset: 0, sort: 'relevance' });
    expect(messages(searchQuerySchema.safeParse({ q: ' a ' }))).toEqual(['q must be at least 2 characters']);
    expect(messages(searchQuerySchema.safeParse({ q: 'x'.repeat(101) }))).toEqual(['q must be at most 100 characters']);
    expect(messages(searchQuerySchema.safeParse({ q: 'ab\u0000' }))).toEqual(['must not contain NUL characters or unpaired surrogates']);
    expect(messages(searchQuerySchema.safeParse({ q: ['ab', 'cd'] }))).toEqual(['q is required']);
  });

  it('page and sort a search: limit 1–100 (10), offset 0–500, sort and direction by name', () => {
    expect(searchQuerySchema.parse({ q: 'ab', limit: '100', offset: '500', sort: 'acres', dir: 'asc' })).toEqual({ q: 'ab', limit: 100, offset: 500, sort: 'acres', dir: 'asc' });
    expect(messages(searchQuerySchema.safeParse({ q: 'ab', limit: '0' }))).toEqual(['limit must be a whole number from 1 to 100']);
    expect(messages(searchQuerySchema.safeParse({ q: 'ab', limit: '2.5' }))).toEqual(['limit must be a whole number from 1 to 100']);
    expect(messages(searchQuerySchema.safeParse({ q: 'ab', offset: '501' }))).toEqual(['offset must be a whole number from 0 to 500']);
    expect(messages(searchQuerySchema.safeParse({ q: 'ab', sort: 'price' }))).toEqual(['sort must be one of relevance, owner, address, acres']);
    expect(messages(searchQuerySchema.safeParse({ q: 'ab', dir: 'up' }))).toEqual(['dir must be asc or desc']);
  });

  it('take a point as decimal degrees within range', () => {
    expect(atQuerySchema.parse({ lng: '-180.0', lat: '35.62' })).toEqual({ lng: -180, lat: 35.62 });
    expect(messages(atQuerySchema.safeParse({ lng: '1e2', lat: '95' }))).toEqual(['lng must be a decimal number', 'lat must be within ±90']);
  });

  it('take a feature id within int4', () => {
    expect(featureParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    expect(messages(featureParamsSchema.safeParse({ id: '2147483648' }))).toEqual(['id must be a positive integer']);
    expect(messages(featureParamsSchema.safeParse({ id: '01' }))).toEqual(['id must be a positive integer']);
  });
});
