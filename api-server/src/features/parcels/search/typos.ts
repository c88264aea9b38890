// Typos in an owner's name or a street: a typed word no parcel has is read as the parcels' words
// closest to it, one or two letters away (a letter wrong, missing, doubled or two letters swapped):
// "stveen" → STEVEN, "chrales" → CHARLES, "sadle" → SADDLE, "brotehrton" → BROTHERTON. The words are
// read once per data version (parcelSearchRepository.ts's `vocabulary`); the corrected query is
// searched with the same index-bounded words branch as any other (parcelSearchSql.ts). Trigram
// similarity alone cannot do this: a swap in a six-letter word leaves three of its seven trigrams.
// Pure.
import { otherSpellings, SPELLED_WORDS, type SearchText, type SearchWord } from './searchText.ts';

export interface VocabularyRow {
  word: string;
  /** How often it occurs in the parcels read: the likelier of two corrections as close. */
  uses: number;
}

export interface Vocabulary {
  /** Every word, sorted: a typed word that begins one is not a typo (it is what the words branch finds). */
  sorted: readonly string[];
  /** The uses of the sorted words before each index: the words a start begins are a range of them. */
  usesBefore: Float64Array;
}

/** Words shorter than this are not corrected: one letter changes them into too many others. */
const MIN_TYPO_LENGTH = 3;
/** Up to 4 letters one edit, from 5 two. */
const TWO_EDITS_FROM_LENGTH = 5;
const MAX_EDITS = 2;
/** Corrections kept for a word, the most used first: each is a whole word in the index condition. */
const MAX_CORRECTIONS = 6;

export function createVocabulary(rows: readonly VocabularyRow[]): Vocabulary {
  const uses = new Map<string, number>();
  for (const row of rows) uses.set(row.word, row.uses);
  // Street types and directions spelled out are words a typo may be of, though a county abbreviates them.
  for (const word of SPELLED_WORDS) if (!uses.has(word)) uses.set(word, 0);
  const sorted = [...uses.keys()].sort();
  const usesBefore = new Float64Array(sorted.length + 1);
  sorted.forEach((word, index) => (usesBefore[index + 1] = usesBefore[index]! + uses.get(word)!));
  return { sorted, usesBefore };
}

/**
 * How the query's last word is read: as a whole word (the query typed in full), or as a word still being
 * typed ("Brotherton Margg…"), whose corrections are the starts of words one or two letters away from
 * it, as the words branch reads the words typed.
 */
export type LastWord = 'whole' | 'begun';

/**
 * The query, and the query without its town or ZIP code, with each word no parcel has read as its
 * corrections; undefined when neither has such a typo with corrections for each. A word list left as
 * it was has no typo, so what it finds was found already: the search leaves it out (`hasCorrections`).
 */
export function correctTypos(text: SearchText, vocabulary: Vocabulary, lastWord: LastWord = 'whole'): SearchText | undefined {
  const words = correctWords(text.words, vocabulary, lastWord);
  const rest = text.locality && correctWords(text.locality.rest.words, vocabulary, text.locality.restEndsQuery ? lastWord : 'whole');
  if (!words && !rest) return undefined;
  return {
    ...text,
    words: words ?? text.words,
    ...(text.locality && { locality: { ...text.locality, rest: { ...text.locality.rest, words: rest ?? text.locality.rest.words } } }),
  };
}

/** Whether some word of the list is read as its corrections. */
export function hasCorrections(words: readonly SearchWord[]): boolean {
  return words.some((word) => word.corrections !== undefined);
}

/** Whether a word of the parcels is one a corrected word is read as: one of its corrections, or one beginning with it while it is typed. */
export function matchesCorrection(word: SearchWord, candidate: string): boolean {
  const corrections = word.corrections ?? [];
  return word.begun ? corrections.some((correction) => candidate.startsWith(correction)) : corrections.includes(candidate);
}

/**
 * The words with their typos' corrections, or undefined when none is a typo or a typo has no correction.
 * A last word read as begun is undefined unless it is a typo: else the list is the whole one's.
 */
function correctWords(typed: readonly SearchWord[], vocabulary: Vocabulary, lastWord: LastWord): SearchWord[] | undefined {
  let corrected = false;
  const words: SearchWord[] = [];
  for (const [index, word] of typed.entries()) {
    const begun = lastWord === 'begun' && index === typed.length - 1;
    if (!isTypo(word, vocabulary)) {
      if (begun) return undefined;
      words.push(word);
      continue;
    }
    const corrections = correctionsOf(word.typed, vocabulary, begun ? 'begun' : 'whole');
    if (corrections.length === 0) return undefined;
    words.push({ ...word, corrections, ...(begun && { begun }) });
    corrected = true;
  }
  return corrected ? words : undefined;
}

function isTypo(word: SearchWord, vocabulary: Vocabulary): boolean {
  if (word.typed.length < MIN_TYPO_LENGTH || /\d/.test(word.typed)) return false;
  return !beginsSomeWord(word.typed, vocabulary.sorted) && !word.spellings.some((spelling) => beginsSomeWord(spelling, vocabulary.sorted));
}

function beginsSomeWord(prefix: string, sorted: readonly string[]): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}

/**
 * The closest words of the parcels (as few edits away as any, at most one up to four letters and two
 * from five), the most used first; for a word still being typed, the closest starts of words. Those
 * one edit away are looked for first: that walk gives up on far more words than one allowing two.
 */
function correctionsOf(typed: string, vocabulary: Vocabulary, reading: LastWord): string[] {
  const allowed = typed.length < TWO_EDITS_FROM_LENGTH ? 1 : MAX_EDITS;
  for (let edits = 1; edits <= allowed; edits++) {
    const found = reading === 'whole' ? closeWords(typed, vocabulary, edits, 'whole') : outermost(closeWords(typed, vocabulary, edits, 'begun'));
    if (found.length === 0) continue;
    const corrections = closest(found);
    // A street type or direction matches as the county spells it too ("lnae" → LANE, LN); a start finds them.
    return reading === 'whole' ? [...new Set(corrections.flatMap((word) => [word, ...otherSpellings(word)]))] : corrections;
  }
  return [];
}

/** The starts none of the others begins: a start that begins with another is what that one finds already. */
function outermost(starts: (VocabularyRow & { edits: number })[]): (VocabularyRow & { edits: number })[] {
  const kept: (VocabularyRow & { edits: number })[] = [];
  // In sorted order, the starts one begins come right after it.
  for (const start of starts.sort((a, b) => (a.word < b.word ? -1 : 1))) if (!kept.at(-1) || !start.word.startsWith(kept.at(-1)!.word)) kept.push(start);
  return kept;
}

/**
 * The words within `limit` edits of `typed` (letters inserted, deleted, replaced or two swapped: the
 * optimal string alignment distance), with their uses; or, `begun`, each word's shortest start (three
 * letters at least) fewest edits from it, if within `limit` ("margg" is one from MARG, the start of
 * MARGARET and MARGIE), with the uses of the words it is the start for.
 *
 * A walk over the sorted words as over a trie: the edits of each start are a column of the edit table
 * computed from the one before it, so words share the columns of the letters they share. A start past
 * which no longer one can come within the limit (begun: be closer than the closest found) ends the walk
 * of every word it begins, as does one as long as any word or start may be. Those words are a range of
 * the sorted list, skipped by a binary search (begun: their uses summed at once): a state's half a
 * million words are not each visited.
 */
function closeWords(typed: string, vocabulary: Vocabulary, limit: number, reading: LastWord): (VocabularyRow & { edits: number })[] {
  const { sorted, usesBefore } = vocabulary;
  // A start of two letters begins too many words, and the trigram index cannot bound it.
  const shortest = Math.max(MIN_TYPO_LENGTH, typed.length - limit);
  const deepest = typed.length + limit;
  // columns[j][i]: the edits between the first i typed letters and the path's first j letters.
  const columns = Array.from({ length: deepest + 1 }, () => new Int32Array(typed.length + 1));
  columns[0]!.forEach((_, i) => (columns[0]![i] = i));
  const columnMin = new Int32Array(deepest + 1);
  // The closest start (its length and edits) among the path's first j letters.
  const bestLength = new Int32Array(deepest + 1);
  const bestEdits = new Int32Array(deepest + 1).fill(limit + 1);
  const found = new Map<string, VocabularyRow & { edits: number }>();
  const add = (word: string, edits: number, from: number, to: number) => {
    found.set(word, { word, edits, uses: (found.get(word)?.uses ?? 0) + usesBefore[to]! - usesBefore[from]! });
  };

  let path = '';
  let index = 0;
  while (index < sorted.length) {
    const word = sorted[index]!;
    let depth = 0;
    while (depth < path.length && depth < word.length && path[depth] === word[depth]) depth++;
    let ended = false;
    while (depth < Math.min(word.length, deepest) && !ended) {
      depth++;
      fillColumn(typed, word, depth, columns, columnMin);
      const edits = columns[depth]![typed.length]!;
      const better = depth >= shortest && edits < bestEdits[depth - 1]!;
      bestLength[depth] = better ? depth : bestLength[depth - 1]!;
      bestEdits[depth] = better ? edits : bestEdits[depth - 1]!;
      // Every longer start is at least this far (a swap reaches back two columns, at one edit).
      const longer = Math.min(columnMin[depth]!, columnMin[depth - 1]! + 1);
      ended = reading === 'begun' ? bestEdits[depth]! <= longer : longer > limit;
    }
    path = word.slice(0, depth);
    // Every word that begins with the path is done with when no longer start can change what it finds.
    const to = ended || depth === deepest ? endOfRange(sorted, path, index) : index + 1;
    if (reading === 'begun' && bestEdits[depth]! <= limit) add(word.slice(0, bestLength[depth]), bestEdits[depth]!, index, to);
    if (reading === 'whole' && depth === word.length && columns[depth]![typed.length]! <= limit) add(word, columns[depth]![typed.length]!, index, index + 1);
    index = to;
  }
  return [...found.values()];
}

/** Column `j` of the edit table of `typed` against `word`'s start (optimal string alignment), from the two before it. */
function fillColumn(typed: string, word: string, j: number, columns: Int32Array[], columnMin: Int32Array): void {
  // Read once per letter of every word walked: no array built to destructure.
  const column = columns[j]!;
  const before = columns[j - 1]!;
  const twoBefore = columns[j - 2];
  const letter = word[j - 1];
  column[0] = j;
  let min = j;
  for (let i = 1; i <= typed.length; i++) {
    let value = Math.min(before[i]! + 1, column[i - 1]! + 1, before[i - 1]! + (typed[i - 1] === letter ? 0 : 1));
    if (twoBefore && i > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === letter) value = Math.min(value, twoBefore[i - 2]! + 1);
    column[i] = value;
    min = Math.min(min, value);
  }
  columnMin[j] = min;
}

/** The index after the last sorted word (from `from`) that begins with `start`. */
function endOfRange(sorted: readonly string[], start: string, from: number): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.startsWith(start) || sorted[middle]! < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The closest only, the most used first: a word one letter away is what was meant far more often than one two away ("stveen" is STEVEN, not STREET). */
function closest(found: readonly (VocabularyRow & { edits: number })[]): string[] {
  const fewest = Math.min(...found.map((correction) => correction.edits));
  return found
    .filter((correction) => correction.edits === fewest)
    .sort((a, b) => b.uses - a.uses || (a.word < b.word ? -1 : 1))
    .slice(0, MAX_CORRECTIONS)
    .map((correction) => correction.word);
}
