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

/** A word a typo may be of, with its letterBits. */
interface Candidate extends VocabularyRow {
  letters: number;
}

export interface Vocabulary {
  /** Every word, sorted: a typed word that begins one is not a typo (it is what the words branch finds). */
  sorted: readonly string[];
  /** The uses of the sorted words before each index: the words a start begins are a range of them. */
  usesBefore: Float64Array;
  /** By length: a typo's candidates are the words at most MAX_EDITS longer or shorter. */
  byLength: ReadonlyMap<number, readonly Candidate[]>;
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
  const byLength = new Map<number, Candidate[]>();
  for (const [word, count] of uses) {
    const list = byLength.get(word.length) ?? [];
    list.push({ word, uses: count, letters: letterBits(word) });
    byLength.set(word.length, list);
  }
  const sorted = [...uses.keys()].sort();
  const usesBefore = new Float64Array(sorted.length + 1);
  sorted.forEach((word, index) => (usesBefore[index + 1] = usesBefore[index]! + uses.get(word)!));
  return { sorted, usesBefore, byLength };
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
    if (!isTypo(word, vocabulary)) {
      if (lastWord === 'begun' && index === typed.length - 1) return undefined;
      words.push(word);
      continue;
    }
    const begun = lastWord === 'begun' && index === typed.length - 1;
    const corrections = begun ? beginningsOf(word.typed, vocabulary) : correctionsOf(word.typed, vocabulary);
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
 * One bit per letter a word holds (its code modulo 32): an edit changes at most two of them (a letter
 * replaced: one gone, one new), so a word `allowed` edits away differs in at most 2 × allowed bits.
 * Counting them rules out most words of a state's vocabulary before editsBetween measures any: the
 * pass over them all holds the event loop.
 */
function letterBits(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= 1 << (word.charCodeAt(i) & 31);
  return bits;
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits >>> 0; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function correctionsOf(typed: string, vocabulary: Vocabulary): string[] {
  const allowed = typed.length < TWO_EDITS_FROM_LENGTH ? 1 : MAX_EDITS;
  const typedLetters = letterBits(typed);
  const found: (VocabularyRow & { edits: number })[] = [];
  for (let length = typed.length - allowed; length <= typed.length + allowed; length++) {
    for (const row of vocabulary.byLength.get(length) ?? []) {
      if (bitCount(row.letters ^ typedLetters) > 2 * allowed) continue;
      const edits = editsBetween(typed, row.word, allowed);
      if (edits <= allowed) found.push({ word: row.word, edits, uses: row.uses });
    }
  }
  // A street type or direction matches as the county spells it too ("lnae" → LANE, LN).
  return [...new Set(closest(found).flatMap((word) => [word, ...otherSpellings(word)]))];
}

/**
 * The starts of words a word still being typed may be a typo of: for each word, its shortest start
 * of three letters or more as few edits from the typed letters as any ("margg" is one from MARG, the
 * start of MARGARET and MARGIE); the closest of them only, as for a whole word. Those one edit away
 * are looked for first: that walk gives up on far more starts than one that allows two.
 */
function beginningsOf(typed: string, vocabulary: Vocabulary): string[] {
  const allowed = typed.length < TWO_EDITS_FROM_LENGTH ? 1 : MAX_EDITS;
  for (let edits = 1; edits <= allowed; edits++) {
    const starts = startsWithin(typed, vocabulary, edits).sort((a, b) => (a.word < b.word ? -1 : 1));
    // A start that begins with another is what that one finds already: in sorted order, the one before it kept.
    const kept: (VocabularyRow & { edits: number })[] = [];
    for (const start of starts) if (!kept.at(-1) || !start.word.startsWith(kept.at(-1)!.word)) kept.push(start);
    if (kept.length > 0) return closest(kept);
  }
  return [];
}

/**
 * Each word's shortest start (three letters at least) fewest edits from `typed`, if at most `limit`,
 * with the uses of the words it is the start for.
 *
 * A walk over the sorted words as over a trie: the edits of each start are a column of the edit table
 * computed from the one before it, so words share the columns of the letters they share. A start past
 * which no longer one can be closer than the closest found (or within the limit at all) ends the walk
 * of every word it begins, as does one as long as any start may be. Those words are a range of the
 * sorted list, skipped by a binary search with their uses summed at once: a state's half a million
 * words are not each visited.
 */
function startsWithin(typed: string, vocabulary: Vocabulary, limit: number): (VocabularyRow & { edits: number })[] {
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
  const byStart = new Map<string, VocabularyRow & { edits: number }>();

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
      // Every longer start is at least this far (a swap reaches back two columns, at one edit): when the
      // closest start found is no farther, or none can be found, no longer start changes it.
      ended = bestEdits[depth]! <= Math.min(columnMin[depth]!, columnMin[depth - 1]! + 1);
    }
    path = word.slice(0, depth);
    // Every word that begins with the path shares its closest start when no longer start can be closer.
    const to = ended || depth === deepest ? endOfRange(sorted, path, index) : index + 1;
    if (bestEdits[depth]! <= limit) {
      const start = word.slice(0, bestLength[depth]);
      const uses = (byStart.get(start)?.uses ?? 0) + usesBefore[to]! - usesBefore[index]!;
      byStart.set(start, { word: start, edits: bestEdits[depth]!, uses });
    }
    index = to;
  }
  return [...byStart.values()];
}

/** Column `j` of the edit table of `typed` against `word`'s start (optimal string alignment), from the two before it. */
function fillColumn(typed: string, word: string, j: number, columns: Int32Array[], columnMin: Int32Array): void {
  const [column, before, twoBefore] = [columns[j]!, columns[j - 1]!, columns[j - 2]];
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

/**
 * Letters inserted, deleted, replaced or swapped with the next one (optimal string alignment
 * distance), or `limit + 1` as soon as it is certain to exceed `limit`.
 */
export function editsBetween(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    // A swap reaches back two rows: past the limit only when this row is and the one before is at it.
    if (rowMin > limit && previousMin >= limit) return limit + 1;
    previousMin = rowMin;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}
