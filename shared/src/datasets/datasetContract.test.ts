import { describe, expect, it } from 'vitest';
import { datasetAnswer } from '../wire/apiAnswers.fixture.ts';
import { datasetInfoSchema } from './datasetContract.ts';

describe('data set answers', () => {
  it("take the API's answer as it is, also without an as-of date", () => {
    expect(datasetInfoSchema.parse(datasetAnswer)).toEqual(datasetAnswer);
    expect(datasetInfoSchema.parse({ ...datasetAnswer, as_of: null })).toEqual({ ...datasetAnswer, as_of: null });
  });

  it.each([
    ['no source name', { ...datasetAnswer, source_name: undefined }],
    ['a parcel count as text', { ...datasetAnswer, parcel_count: '2915' }],
    ['an empty answer', {}],
  ])('reject %s', (_label, answer) => {
    expect(datasetInfoSchema.safeParse(answer).success).toBe(false);
  });
});
