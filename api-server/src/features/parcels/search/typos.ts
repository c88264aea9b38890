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
  uses: ReadonlyMap<string, number>;
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
  return { sorted: [...uses.keys()].sort(), uses, byLength };
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
 * start of MARGARET and MARGIE). The sorted words that share their first letters share their start's edits, measured once.
 */
function beginningsOf(typed: string, vocabulary: Vocabulary): string[] {
  const allowed = typed.length < TWO_EDITS_FROM_LENGTH ? 1 : MAX_EDITS;
  // A start of two letters begins too many words, and the trigram index cannot bound it.
  const shortest = Math.max(MIN_TYPO_LENGTH, typed.length - allowed);
  const measured = typed.length + allowed;
  const typedLetters = letterBits(typed);
  const byStart = new Map<string, VocabularyRow & { edits: number }>();
  let shared = '';
  let start: { word: string; edits: number } | undefined;
  for (const word of vocabulary.sorted) {
    if (word.length < shortest) continue;
    if (shared.length !== Math.min(word.length, measured) || !word.startsWith(shared)) {
      shared = word.slice(0, measured);
      // A letter typed that the start lacks takes an edit of its own.
      start = bitCount(typedLetters & ~letterBits(shared)) > allowed ? undefined : closestStart(typed, shared, shortest, allowed);
    }
    if (!start) continue;
    const seen = byStart.get(start.word);
    byStart.set(start.word, { word: start.word, edits: start.edits, uses: (seen?.uses ?? 0) + (vocabulary.uses.get(word) ?? 0) });
  }
  const fewest = Math.min(...[...byStart.values()].map((start) => start.edits));
  const starts = [...byStart.values()].filter((start) => start.edits === fewest).sort((a, b) => a.word.length - b.word.length);
  // A start that begins with another is what that one finds already.
  return closest(starts.filter((start, index) => !starts.slice(0, index).some((shorter) => start.word.startsWith(shorter.word))));
}

/** The shortest start of `word` (from `shortest` letters) fewest edits from `typed`, if at most `limit`. */
function closestStart(typed: string, word: string, shortest: number, limit: number): { word: string; edits: number } | undefined {
  const row = lastEditRow(typed, word, limit);
  if (!row) return undefined;
  let best: { word: string; edits: number } | undefined;
  for (let length = shortest; length <= word.length; length++) {
    if (row[length]! <= limit && (!best || row[length]! < best.edits)) best = { word: word.slice(0, length), edits: row[length]! };
  }
  return best;
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
  return Math.min(lastEditRow(a, b, limit)?.[b.length] ?? limit + 1, limit + 1);
}

/**
 * The edits between all of `a` and each start of `b` (index: the start's length), or undefined as soon
 * as every start is certain to be more than `limit` away.
 */
function lastEditRow(a: string, b: string, limit: number): number[] | undefined {
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
    if (rowMin > limit && previousMin >= limit) return undefined;
    previousMin = rowMin;
    [before, previous, current] = [previous, current, before];
  }
  return previous;
}
