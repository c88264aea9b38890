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

describe('correctTypos against a large vocabulary', () => {
  // Words that share most of their letters, as a county's do, so that many pass the letters test.
  const LETTERS = 'aeinorst';
  let seed = 7;
  const random = (below: number) => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed % below;
  };
  const randomWord = (length: number) => Array.from({ length }, () => LETTERS[random(LETTERS.length)]).join('');
  /** One edit of four kinds: a letter replaced, left out, added or swapped with the next. */
  const edited = (word: string): string => {
    const at = random(word.length - 1);
    const letter = 'abcdefghijklmnopqrstuvwxyz'[random(26)]!;
    return [
      word.slice(0, at) + letter + word.slice(at + 1),
      word.slice(0, at) + word.slice(at + 1),
      word.slice(0, at) + letter + word.slice(at),
      word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2),
    ][random(4)]!;
  };
  const words = [...new Set(Array.from({ length: 5_000 }, () => randomWord(5 + random(6))))];
  const rows = words.map((word) => ({ word, uses: 1 + random(50) }));
  const large = createVocabulary(rows);

  /** What the rule says, by measuring every word: the closest, the most used first, six at most. */
  const expectedCorrections = (typo: string): string[] => {
    const allowed = typo.length < 5 ? 1 : 2;
    const measured = rows.map((row) => ({ ...row, edits: editsBetween(typo, row.word, allowed) })).filter((row) => row.edits <= allowed);
    const fewest = Math.min(...measured.map((row) => row.edits));
    return measured
      .filter((row) => row.edits === fewest)
      .sort((a, b) => b.uses - a.uses || (a.word < b.word ? -1 : 1))
      .slice(0, 6)
      .map((row) => row.word);
  };

  it('corrects each typo to what measuring every word gives', () => {
    let corrected = 0;
    for (let n = 0; n < 100; n++) {
      const typo = edited(edited(words[random(words.length)]!));
      const corrections = correctTypos(analyseSearchText(typo), large)?.words[0]!.corrections;
      // A typo that begins a word is not one; one close to no word has no corrections.
      if (corrections === undefined) continue;
      expect(corrections, typo).toEqual(expectedCorrections(typo));
      corrected++;
    }
    expect(corrected).toBeGreaterThan(50);
  });
});
