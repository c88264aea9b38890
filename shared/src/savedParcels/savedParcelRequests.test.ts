import { describe, expect, it } from 'vitest';
import { savedParcelRecordAnswer } from '../wire/apiAnswers.fixture.ts';
import { NOTES_MAX_LENGTH } from './savedParcelContract.ts';
import { saveParcelBodySchema, savedParcelParamsSchema, savedParcelTagsBodySchema, updateSavedParcelBodySchema } from './savedParcelRequests.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);
// The body that saved the record the API answered with.
const { id: _id, created_at: _createdAt, tags: _tags, ...body } = savedParcelRecordAnswer;

describe('saved parcel requests', () => {
  it('take the body the save modal sends, without unknown fields and with a missing note as null', () => {
    expect(saveParcelBodySchema.parse({ ...body, user_id: 'someone-else' })).toEqual(body);
    const { notes: _notes, ...withoutNotes } = body;
    expect(saveParcelBodySchema.parse(withoutNotes)).toEqual({ ...withoutNotes, notes: null });
  });

  it('take notes of at most 256 characters (SPEC §5)', () => {
    expect(NOTES_MAX_LENGTH).toBe(256);
    expect(saveParcelBodySchema.safeParse({ ...body, notes: 'x'.repeat(256) }).success).toBe(true);
    expect(messages(saveParcelBodySchema.safeParse({ ...body, notes: 'x'.repeat(257) }))).toEqual(['notes must be at most 256 characters']);
    expect(messages(updateSavedParcelBodySchema.safeParse({ notes: 'x'.repeat(257) }))).toEqual(['notes must be at most 256 characters']);
    expect(updateSavedParcelBodySchema.parse({ notes: null })).toEqual({ notes: null });
  });

  it('refuse text PostgreSQL cannot store as sent', () => {
    for (const text of ['a\u0000b', 'a\ud800b', '\udc00 MAIN ST']) {
      expect(messages(saveParcelBodySchema.safeParse({ ...body, parcel_address: text }))).toEqual(['must not contain NUL characters or unpaired surrogates']);
    }
    expect(saveParcelBodySchema.safeParse({ ...body, notes: 'View 🏞️ 𝔸' }).success).toBe(true);
  });

  it('cuts an owner name or address beyond the parcel text limit as the importer does, instead of refusing the save', () => {
    const parsed = saveParcelBodySchema.parse({ ...body, parcel_owner_name: `${'O'.repeat(511)} tail`, parcel_address: 'A'.repeat(600) });
    expect(parsed.parcel_owner_name).toBe('O'.repeat(511));
    expect(parsed.parcel_address).toBe('A'.repeat(512));
  });

  it('read an id of digits as a number, and one beyond int4 as no record', () => {
    expect(savedParcelParamsSchema.parse({ id: '0042' })).toEqual({ id: 42 });
    expect(savedParcelParamsSchema.parse({ id: '2147483648' })).toEqual({ id: null });
    expect(messages(savedParcelParamsSchema.safeParse({ id: '-1' }))).toEqual(['id must be a positive integer']);
  });

  it('take a tag list trimmed, without repeats in any case, of at most 10 tags of 1 to 40 characters', () => {
    expect(savedParcelTagsBodySchema.parse({ tags: ['  Listing ', 'listing', 'Creek  front', 'LISTING'] })).toEqual({ tags: ['Listing', 'Creek front'] });
    expect(savedParcelTagsBodySchema.parse({ tags: [] })).toEqual({ tags: [] });
    expect(messages(savedParcelTagsBodySchema.safeParse({ tags: ['   '] }))).toEqual(['each tag must be 1 to 40 characters']);
    expect(messages(savedParcelTagsBodySchema.safeParse({ tags: ['x'.repeat(41)] }))).toEqual(['each tag must be 1 to 40 characters']);
    expect(messages(savedParcelTagsBodySchema.safeParse({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }))).toEqual(['at most 10 tags']);
    expect(savedParcelTagsBodySchema.safeParse({ tags: 'Listing' }).success).toBe(false);
  });
});
