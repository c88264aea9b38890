import { describe, expect, it } from 'vitest';
import { analyseSearchText } from './searchText.ts';
import { correctTypos, createVocabulary, editsBetween } from './typos.ts';

const vocabulary = createVocabulary(
  [
    ['reid', 40],
    ['reed', 3],
    ['steven', 30],
    ['stevens', 2],
    ['pressly', 20],
    ['charles', 50],
    ['saddle', 9],
    ['ln', 900],
    ['brotherton', 12],
  ].map(([word, uses]) => ({ word: word as string, uses: uses as number })),
);

describe('editsBetween', () => {
  it('counts a letter wrong, missing, doubled or two swapped as one', () => {
    expect(editsBetween('stevan', 'steven', 2)).toBe(1);
    expect(editsBetween('sadle', 'saddle', 2)).toBe(1);
    expect(editsBetween('saddddle', 'saddle', 2)).toBe(2);
    expect(editsBetween('stveen', 'steven', 2)).toBe(1);
    expect(editsBetween('brotehrtn', 'brotherton', 2)).toBe(2);
  });

  it('stops past the limit', () => {
    expect(editsBetween('reid', 'charles', 2)).toBe(3);
    expect(editsBetween('abcdef', 'ghijkl', 1)).toBe(2);
  });
});

describe('correctTypos', () => {
  it('reads a word no parcel has as the closest words of the parcels, the most used first', () => {
    const corrected = correctTypos(analyseSearchText('Reid Stveen'), vocabulary)!;
    expect(corrected.words[0]).toEqual({ typed: 'reid', spellings: [] });
    // Not STEVENS nor STREET, two letters away.
    expect(corrected.words[1]!.corrections).toEqual(['steven']);
    expect(correctTypos(analyseSearchText('brotehrtn'), vocabulary)!.words[0]!.corrections).toEqual(['brotherton']);
  });

  it('leaves a word that begins a word of the parcels as typed, and so a query without typos', () => {
    expect(correctTypos(analyseSearchText('reid ste'), vocabulary)).toBeUndefined();
    expect(correctTypos(analyseSearchText('132 saddle lane'), vocabulary)).toBeUndefined();
  });

  it('allows one edit up to four letters and leaves house numbers alone', () => {
    expect(correctTypos(analyseSearchText('ried'), vocabulary)!.words[0]!.corrections).toEqual(['reid', 'reed']);
    expect(correctTypos(analyseSearchText('rxxd'), vocabulary)).toBeUndefined();
    expect(correctTypos(analyseSearchText('1320 saddle'), vocabulary)).toBeUndefined();
  });

  it('corrects to a street type spelled out, and matches it as the county spells it', () => {
    const lane = correctTypos(analyseSearchText('saddle lnae'), vocabulary)!.words[1]!;
    expect(lane.corrections).toEqual(['lane', 'ln']);
  });

  it('gives up when a typo is close to no word', () => {
    expect(correctTypos(analyseSearchText('pressly zqxvbw'), vocabulary)).toBeUndefined();
  });
});
