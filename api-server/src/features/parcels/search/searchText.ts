// What a search box query means, the way people type it: words in any order, commas and full stops
// as spaces, street types and directions spelled out or abbreviated ("Saddle Lane" and "SADDLE LN"),
// PINs with or without their separators ("4605-05-0123" is 4605050123). Pure: the repository turns
// the result into SQL.

/** USPS street suffix and direction abbreviations (Publication 28), with the spellings people type. */
const EQUIVALENT_WORDS: readonly (readonly string[])[] = [
  ['st', 'street', 'str'],
  ['ave', 'avenue', 'av'],
  ['ln', 'lane'],
  ['rd', 'road'],
  ['dr', 'drive'],
  ['ct', 'court'],
  ['cir', 'circle'],
  ['pl', 'place'],
  ['blvd', 'boulevard'],
  ['hwy', 'highway'],
  ['pkwy', 'parkway'],
  ['ter', 'terrace'],
  ['trl', 'trail'],
  ['cv', 'cove'],
  ['sq', 'square'],
  ['aly', 'alley'],
  ['xing', 'crossing'],
  ['pt', 'point'],
  ['rdg', 'ridge'],
  ['expy', 'expressway'],
  ['fwy', 'freeway'],
  ['ext', 'extension'],
  ['hts', 'heights'],
  ['crk', 'creek'],
  ['mtn', 'mountain'],
  ['mt', 'mount'],
  ['ft', 'fort'],
  ['plz', 'plaza'],
  ['n', 'north'],
  ['s', 'south'],
  ['e', 'east'],
  ['w', 'west'],
  ['ne', 'northeast'],
  ['nw', 'northwest'],
  ['se', 'southeast'],
  ['sw', 'southwest'],
];

const EQUIVALENTS = new Map<string, readonly string[]>();
for (const words of EQUIVALENT_WORDS) for (const word of words) EQUIVALENTS.set(word, words);

/** A word's other spellings ("lane" → ["ln"]). */
export function otherSpellings(word: string): readonly string[] {
  return (EQUIVALENTS.get(word) ?? []).filter((other) => other !== word);
}

/** Shorter than this, a typed word is not read as the start of a street type spelled out ("s"). */
const SPELLED_START_LENGTH = 2;

/**
 * The whole words a typed word may stand for besides those it begins: its other spellings, and those
 * of the street types and directions it begins spelled out ("stre", the start of STREET: ST, STR),
 * which a county abbreviates.
 */
function spellingsOf(word: string): readonly string[] {
  const spelledOut = word.length < SPELLED_START_LENGTH ? [] : EQUIVALENT_WORDS.filter((words) => words.some((spelled) => spelled.length > word.length && spelled.startsWith(word)));
  // Those it begins itself it finds as typed.
  const begun = spelledOut.flat().filter((other) => !other.startsWith(word));
  return [...new Set([...otherSpellings(word), ...begun])];
}

/** Every street type and direction as people spell them: words a typo may be of, though no parcel spells them so. */
export const SPELLED_WORDS: readonly string[] = EQUIVALENT_WORDS.flat();

/** A word typed into the box: matched as the start of a word, or as one of its other spellings. */
export interface SearchWord {
  /** As typed (lower case): matches any word it begins ("reid" → REID, "ste" → STEVEN). */
  typed: string;
  /** Its other spellings, each matching a whole word ("lane" → LN). */
  spellings: readonly string[];
  /**
   * Set for a word no parcel has (typos.ts): the parcels' words it may be a typo of, each matching a
   * whole word instead of `typed`.
   */
  corrections?: readonly string[];
  /** Set with the corrections of the query's last word read as still being typed: each matches the start of a word, as `typed` does. */
  begun?: boolean;
}

/** A town and/or ZIP code typed with the words (localities.ts): "132 saddle ln mooresville 28115". */
export interface Locality {
  /** As stored, in lower case. */
  city: string | undefined;
  zip: string | undefined;
  /** Set when `city` or `zip` is the start of several still being typed ("132 saddle ln mou": MOUNT MOURNE, MOUNT ULLA). */
  begun?: boolean;
  /** The query without them. */
  rest: SearchText;
  /** Whether the rest runs to the end of the query (the town before it): its last word may be one still being typed. */
  restEndsQuery: boolean;
}

export interface SearchText {
  /** The query in lower case with punctuation as spaces and street types and directions abbreviated: "132 saddle ln". */
  normalised: string;
  words: SearchWord[];
  /** The query as a PIN without separators ("4605050123"), when it could be one. */
  pin: string | undefined;
  /** Whether some word has 3 or more characters, so that the trigram index can find it. */
  indexable: boolean;
  /** Whether some word is a house number (all digits). */
  hasNumber: boolean;
  locality?: Locality;
}

const TRIGRAM_LENGTH = 3;

export function analyseSearchText(query: string): SearchText {
  const lower = query.toLowerCase();
  const typed = lower
    .replace(/[^\p{L}\p{N}'-]+/gu, ' ')
    .split(' ')
    .filter((word) => word.length > 0 && /[\p{L}\p{N}]/u.test(word));
  const words = typed.map((word) => ({ typed: word, spellings: spellingsOf(word) }));
  const normalised = typed.map((word) => EQUIVALENTS.get(word)?.[0] ?? word).join(' ');
  const compact = lower.replace(/[^a-z0-9]+/g, '');
  // A PIN is letters and digits, with dashes, dots, spaces or slashes between groups, and a digit somewhere.
  const pin = /^[a-z0-9][a-z0-9 ./_-]*$/.test(lower.trim()) && /\d/.test(compact) ? compact : undefined;
  return {
    normalised,
    words,
    pin,
    indexable: typed.some((word) => word.length >= TRIGRAM_LENGTH),
    hasNumber: typed.some((word) => /^\d+$/.test(word)),
  };
}

/** `text` as a literal inside a LIKE pattern. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
