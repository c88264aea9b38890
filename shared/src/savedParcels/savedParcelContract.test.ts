import { describe, expect, it } from 'vitest';
import { savedParcelListAnswer, savedParcelRecordAnswer } from '../wire/apiAnswers.fixture.ts';
import { ALREADY_SAVED_MESSAGE, savedParcelListSchema, savedParcelRecordSchema } from './savedParcelContract.ts';

describe('saved parcel answers', () => {
  it("take the API's record and list as they are", () => {
    expect(savedParcelRecordSchema.parse(savedParcelRecordAnswer)).toEqual(savedParcelRecordAnswer);
    expect(savedParcelListSchema.parse(savedParcelListAnswer)).toEqual(savedParcelListAnswer);
  });

  it.each([
    ['a record without its creation time', { parcels: [{ ...savedParcelRecordAnswer, created_at: undefined }] }],
    ['an id as text', { parcels: [{ ...savedParcelRecordAnswer, id: '1' }] }],
    ['a centroid as text', { parcels: [{ ...savedParcelRecordAnswer, parcel_centroid_lat: '35.62' }] }],
    ['records that are not a list', { parcels: savedParcelRecordAnswer }],
    ['a bare list', [savedParcelRecordAnswer]],
  ])('reject a list with %s', (_label, answer) => {
    expect(savedParcelListSchema.safeParse(answer).success).toBe(false);
  });

  it("say SPEC §8's message for a parcel saved twice", () => {
    expect(ALREADY_SAVED_MESSAGE).toBe('This parcel is already in your saved list.');
  });
});
