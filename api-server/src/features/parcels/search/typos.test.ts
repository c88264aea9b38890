import { describe, expect, it } from 'vitest';
import { analyseSearchText } from './searchText.ts';
import { correctTypos, createVocabulary } from './typos.ts';

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
    ['margaret', 7],
    ['margie', 2],
    ['mary', 30],
  ].map(([word, uses]) => ({ word: word as string, uses: uses as number })),
);

/**
 * The measure the corrections are defined by, written plainly: letters inserted, deleted, replaced or
 * swapped with the next one (optimal string alignment distance), or `limit + 1` past `limit`.
 */
function editsBetween(a: string, b: string, limit: number): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) table[i]![j] = Math.min(table[i]![j]!, table[i - 2]![j - 2]! + 1);
    }
  }
  return Math.min(table[a.length]![b.length]!, limit + 1);
}

describe('correctTypos: the edits a typo is', () => {
  it('counts a letter wrong, missing, doubled or two swapped as one, and allows two from five letters', () => {
    const correctionOf = (typed: string) => correctTypos(analyseSearchText(typed), vocabulary)?.words[0]!.corrections;
    expect(correctionOf('stevan')).toEqual(['steven']);
    expect(correctionOf('sadle')).toEqual(['saddle']);
    expect(correctionOf('saddddle')).toEqual(['saddle']);
    expect(correctionOf('stveen')).toEqual(['steven']);
    expect(correctionOf('brotehrtn')).toEqual(['brotherton']);
    expect(correctionOf('chrlaes')).toEqual(['charles']);
    expect(correctionOf('sxdxlx')).toBeUndefined();
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

describe('correctTypos: the last word still being typed', () => {
  it('reads it as the starts of words closest to it, each a start the words branch matches', () => {
    const margaret = correctTypos(analyseSearchText('Brotherton Margg'), vocabulary, 'begun')!;
    expect(margaret.words[0]).toEqual({ typed: 'brotherton', spellings: [] });
    // MARG begins MARGARET and MARGIE, one letter from MARGG; MARY is two.
    expect(margaret.words[1]).toMatchObject({ corrections: ['marg'], begun: true });
    // STEVEN and STEVENS begin with STE, a letter from STV, as does STREET; ST is too short a start.
    expect(correctTypos(analyseSearchText('reid stv'), vocabulary, 'begun')!.words[1]).toMatchObject({ corrections: ['ste', 'str'], begun: true });
  });

  it('corrects the words before it as whole words', () => {
    const corrected = correctTypos(analyseSearchText('brotehrtn margg'), vocabulary, 'begun')!;
    expect(corrected.words.map((word) => [word.corrections, word.begun])).toEqual([
      [['brotherton'], undefined],
      [['marg'], true],
    ]);
  });

  it('reads nothing new when the last word is no typo, or a town comes after it', () => {
    expect(correctTypos(analyseSearchText('brotehrtn marg'), vocabulary, 'begun')).toBeUndefined();
    // 'Margg Mooresville' and 'Mooresville Margg': the words beside the town.
    const rest = analyseSearchText('margg');
    const town = { city: 'mooresville', zip: undefined, rest };
    const restOf = (restEndsQuery: boolean) => correctTypos({ ...rest, locality: { ...town, restEndsQuery } }, vocabulary, 'begun')?.locality?.rest.words[0];
    // Whole, MARGG is two letters from MARY and MARGIE.
    expect(restOf(false)).toEqual({ typed: 'margg', spellings: [], corrections: ['mary', 'margie'] });
    expect(restOf(true)).toMatchObject({ corrections: ['marg'], begun: true });
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

  /** The begun rule, by measuring every start of every word: each word's shortest start (three letters at least) fewest edits away, the fewest of all, a start that begins another left out, by uses summed. */
  const expectedStarts = (typo: string): string[] => {
    const allowed = typo.length < 5 ? 1 : 2;
    const byStart = new Map<string, { edits: number; uses: number }>();
    for (const row of rows) {
      let best: { start: string; edits: number } | undefined;
      for (let length = Math.max(3, typo.length - allowed); length <= row.word.length; length++) {
        const edits = editsBetween(typo, row.word.slice(0, length), allowed);
        if (edits <= allowed && (!best || edits < best.edits)) best = { start: row.word.slice(0, length), edits };
      }
      if (best) byStart.set(best.start, { edits: best.edits, uses: (byStart.get(best.start)?.uses ?? 0) + row.uses });
    }
    const fewest = Math.min(...[...byStart.values()].map((start) => start.edits));
    const starts = [...byStart].filter(([, start]) => start.edits === fewest);
    return starts
      .filter(([start]) => !starts.some(([other]) => other !== start && start.startsWith(other)))
      .sort(([a, x], [b, y]) => y.uses - x.uses || (a < b ? -1 : 1))
      .slice(0, 6)
      .map(([start]) => start);
  };

  it('corrects a last word being typed to what measuring every start gives', () => {
    let corrected = 0;
    for (let n = 0; n < 100; n++) {
      const word = words[random(words.length)]!;
      const start = word.slice(0, 3 + random(word.length - 2));
      const typo = n % 2 === 0 ? edited(start) : edited(edited(start));
      const last = correctTypos(analyseSearchText(`x ${typo}`), large, 'begun')?.words[1];
      if (last === undefined) continue;
      expect(last.corrections, typo).toEqual(expectedStarts(typo));
      corrected++;
    }
    expect(corrected).toBeGreaterThan(50);
  });
});
