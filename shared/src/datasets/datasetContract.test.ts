import { describe, expect, it } from 'vitest';
import { datasetsAnswer } from '../wire/apiAnswers.fixture.ts';
import { datasetsAnswerSchema } from './datasetContract.ts';

describe('data set answers', () => {
  it("take the API's answer as it is, also without an as-of date, an extent or datasets", () => {
    expect(datasetsAnswerSchema.parse(datasetsAnswer)).toEqual(datasetsAnswer);
    const bare = { ...datasetsAnswer, datasets: [{ ...datasetsAnswer.datasets[0]!, asOf: null, bbox: null }] };
    expect(datasetsAnswerSchema.parse(bare)).toEqual(bare);
    expect(datasetsAnswerSchema.parse({ dataVersion: 1, datasets: [], initialView: { bounds: [-71.2, 42.3, -71, 42.4] } })).toBeTruthy();
  });

  it.each([
    ['no data version', { ...datasetsAnswer, dataVersion: undefined }],
    ['a data set without a name', { ...datasetsAnswer, datasets: [{ ...datasetsAnswer.datasets[0]!, name: undefined }] }],
    ['a parcel count as text', { ...datasetsAnswer, datasets: [{ ...datasetsAnswer.datasets[0]!, parcels: '2915' }] }],
    ['an extent of three numbers', { ...datasetsAnswer, datasets: [{ ...datasetsAnswer.datasets[0]!, bbox: [1, 2, 3] }] }],
    ['an empty answer', {}],
  ])('reject %s', (_label, answer) => {
    expect(datasetsAnswerSchema.safeParse(answer).success).toBe(false);
  });
});
