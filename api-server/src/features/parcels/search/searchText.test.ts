import { describe, expect, it } from 'vitest';
import { analyseSearchText, likeLiteral } from './searchText.ts';

describe('analyseSearchText', () => {
  it('reads a PIN as tax bills print it, with or without separators', () => {
    expect(analyseSearchText('4605-05-0123').pin).toBe('4605050123');
    expect(analyseSearchText('4605 05 0123').pin).toBe('4605050123');
    expect(analyseSearchText('4605.05.0123').pin).toBe('4605050123');
    expect(analyseSearchText('12-A-3').pin).toBe('12a3');
  });

  it('does not read words without a digit, or text with other punctuation, as a PIN', () => {
    expect(analyseSearchText('steven reid').pin).toBeUndefined();
    expect(analyseSearchText('Reid, Steven 12').pin).toBeUndefined();
  });

  it('abbreviates street types and directions the way county files spell them', () => {
    expect(analyseSearchText('132 Saddle Lane').normalised).toBe('132 saddle ln');
    expect(analyseSearchText('North Main Street').normalised).toBe('n main st');
    expect(analyseSearchText('n main st').normalised).toBe('n main st');
  });

  it('keeps every word with its other spellings, and commas as spaces', () => {
    expect(analyseSearchText('Reid, Steven').words).toEqual([
      { typed: 'reid', spellings: [] },
      { typed: 'steven', spellings: [] },
    ]);
    expect(analyseSearchText('saddle lane').words[1]).toEqual({ typed: 'lane', spellings: ['ln'] });
    expect(analyseSearchText('N Main').words[0]).toEqual({ typed: 'n', spellings: ['north'] });
  });

  it('reads the start of a street type spelled out as its abbreviations too, which a county writes', () => {
    expect(analyseSearchText('Broad Stre').words[1]).toEqual({ typed: 'stre', spellings: ['st', 'str'] });
    expect(analyseSearchText('Barkley Co').words[1]).toEqual({ typed: 'co', spellings: ['ct', 'cv'] });
    expect(analyseSearchText('Saddle La').words[1]).toEqual({ typed: 'la', spellings: ['ln'] });
    expect(analyseSearchText('Smith S').words[1]).toEqual({ typed: 's', spellings: ['south'] });
  });

  it('says whether the trigram index can find a word and whether a house number was typed', () => {
    expect(analyseSearchText('an')).toMatchObject({ indexable: false, hasNumber: false });
    expect(analyseSearchText('a n m')).toMatchObject({ indexable: false });
    expect(analyseSearchText('12 oak')).toMatchObject({ indexable: true, hasNumber: true });
  });

  it('escapes LIKE wildcards', () => {
    expect(likeLiteral('50%_a\\')).toBe('50\\%\\_a\\\\');
  });
});
