// The SQL of parcel search, built from an analysed query. Every branch reads one index
// and stops at the search's cap, so the worst query (two letters, thousands of owners) is a few
// bounded index ranges, never a scan of the table. Parameterised throughout.
import type { SearchSort, SortDirection } from '@parcel-map/shared/contracts';
import { likeLiteral, type Locality, type SearchText, type SearchWord } from './searchText.ts';
import { hasCorrections, matchesCorrection } from './typos.ts';

// Migration 009's index expressions, character for character (029's derive_search_words splits the same text).
export const SEARCH_WORDS = `(' ' || translate(lower(coalesce(owner, '') || ' ' || coalesce(add1, '')), ',.#&/', '     ') || ' ')`;
const PIN_COMPACT = `regexp_replace(lower(pin), '[^a-z0-9]+', '', 'g')`;
/** The owner's words and the address's alone (no index: read on the matches only, to say what matched). */
const OWNER_WORDS = `(' ' || translate(lower(coalesce(owner, '')), ',.#&/', '     ') || ' ')`;
const ADDRESS_WORDS = `(' ' || translate(lower(coalesce(add1, '')), ',.#&/', '     ') || ' ')`;
/** The site address without its house number, and the number as a number (so 32 comes before 132). */
const STREET = `regexp_replace(coalesce(add1, ''), '^[0-9]+[A-Za-z]?(-[0-9]+[A-Za-z]?)? +', '')`;
const HOUSE_NUMBER = `substring(add1 from '^[0-9]{1,9}')::int`;

export interface SearchPage {
  limit: number;
  offset: number;
  sort: SearchSort;
  dir: SortDirection;
}

export interface SearchStatement {
  sql: string;
  params: unknown[];
}

/**
 * How the matches are found: the exact words (with prefixes, towns, ZIP codes, PINs); the words with
 * their typos read as their corrections (typos.ts; only the word lists with a correction); or by
 * trigram similarity.
 */
export type SearchMode = 'words' | 'corrected' | 'similar';

const MATCH_ORDER = `CASE matched WHEN 'pin' THEN 0 WHEN 'address' THEN 1 WHEN 'owner' THEN 2 WHEN 'city' THEN 3 ELSE 4 END`;


function orderBy(page: SearchPage): string {
  const dir = page.dir === 'desc' ? 'DESC' : 'ASC';
  switch (page.sort) {
    case 'owner':
      return `owner ${dir} NULLS LAST, pin`;
    case 'address':
      return `lower(street) ${dir}, number ${dir} NULLS LAST, add1 ${dir}, pin`;
    case 'acres':
      return `taxacres ${dir} NULLS LAST, pin`;
    case 'relevance':
      return `tier, score DESC, exact DESC, ${MATCH_ORDER}, lower(street), number NULLS LAST, owner, pin`;
  }
}

const COLUMNS = 'pin, owner, add1, city, zip, taxacres, centroid_lon, centroid_lat, min_lon, min_lat, max_lon, max_lat';

/**
 * `commonWords`: the words of the search text (SEARCH_WORDS, split at spaces) found in a large share of the
 * parcels (parcelSearchRepository.ts's `commonWords`); typed words that match one are left out of the
 * trigram index's condition.
 */
export function searchStatement(
  text: SearchText,
  mode: SearchMode,
  page: SearchPage,
  cap: number,
  withStreets: boolean,
  commonWords: readonly string[] = [],
): SearchStatement {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const q = param(text.normalised);
  const pin = param(text.pin ?? null);
  // An address or owner typed whole beside its town or ZIP code is an exact match too.
  const whole = param(text.locality?.rest.normalised ?? text.normalised);
  const branchLimit = param(cap + 1);
  const branches: string[] = [];
  // Branches whose every match ranks below every match of `branches` (tiers 2 and later, below the
  // text beginning a PIN, an address or an owner, or naming a town). They are read only while
  // `branches` find fewer parcels than the cap: else the cap's parcels are all theirs, the total is
  // the cap's, and a later branch would change neither. A word begun in 3 % of the parcels' words
  // ('moo' of MOORE) made the trigram index collect 170,000 rows at 5,000,000 parcels (~80 ms) for a
  // list the owners beginning with it had already filled (~8 ms).
  const laterBranches: string[] = [];
  // B-tree branches ORDER BY their index's own order: an index scan that stops at the limit, where a
  // bitmap scan would first collect every match (all 70,000 parcels of a city) and sort them. The
  // trigram branch can only be a bitmap scan: its words are what bound it.
  // Parcels only: a right-of-way, road, water or rail feature is nobody's, and has no address to find.
  const branch = (tier: string, matched: string, where: string, order: string | undefined, { score = '0::float8', later = false } = {}) => {
    // A condition on nothing of the row: PostgreSQL decides it once, before the branch reads an index.
    const whileShort = later ? ` AND (SELECT count(DISTINCT pin) FROM earlier) < ${branchLimit}` : '';
    (later ? laterBranches : branches).push(
      `(SELECT ${COLUMNS}, ${tier} AS tier, ${score} AS score, ${matched} AS matched FROM parcels WHERE kind = 'parcel' AND ${where}${whileShort}${order ? ` ORDER BY ${order}` : ''} LIMIT ${branchLimit})`,
    );
  };

  const locality = text.locality;
  // Written where it is used: PostgreSQL refuses a parameter the statement does not use (it has no type).
  const inLocality = (of: Locality) => localityCondition(of, param);
  // Every typed word in the owner's name, or every word in the address, before words found across both.
  // The words beside a town or ZIP code come a tier later than the whole query's: 'Statesville Ave' is
  // STATESVILLE AVE before the avenues of Statesville.
  const wordsBranch = (words: readonly SearchWord[], { also, later = false }: { also?: string; later?: boolean } = {}) => {
    const all = (column: string) => words.map((word) => wordCondition(column, word, param)).join(' AND ');
    const inOwner = all(OWNER_WORDS);
    const inAddress = all(ADDRESS_WORDS);
    const where = `${wordsIndexCondition(words, commonWords, param)}${also ? ` AND ${also}` : ''}`;
    const [oneColumn, across] = also ? [3, 4] : [2, 3];
    branch(`CASE WHEN ${inOwner} OR ${inAddress} THEN ${oneColumn} ELSE ${across} END`, `CASE WHEN ${inOwner} THEN 'owner' ELSE 'address' END`, where, undefined, { later });
  };

  if (mode === 'words') {
    const prefix = param(`${likeLiteral(text.normalised)}%`);
    // The prefix indexes are text_pattern_ops: their order is the ~<~ operator's.
    if (text.pin) branch('0', `'pin'`, `${PIN_COMPACT} LIKE ${param(`${likeLiteral(text.pin)}%`)}`, `${PIN_COMPACT} USING ~<~`);
    branch('1', `'address'`, `lower(add1) LIKE ${prefix}`, 'lower(add1) USING ~<~');
    branch('1', `'owner'`, `lower(owner) LIKE ${prefix}`, 'lower(owner) USING ~<~');
    branch('1', `'city'`, `lower(city) = ${q}`, 'lower(add1)');
    if (/^\d{5}$/.test(text.normalised)) branch('1', `'zip'`, `zip = ${q}`, 'lower(add1)');
    // A town and its ZIP code ("Mooresville 28115"), in address order as a town alone is.
    if (locality?.rest.words.length === 0) branch('1', locality.city ? `'city'` : `'zip'`, inLocality(locality), 'lower(add1)');
    if (text.indexable) wordsBranch(text.words, { later: true });
    if (locality && locality.rest.words.length > 0) {
      // The trigram index finds the rest's words; the town or ZIP code filters what it finds.
      if (locality.rest.indexable) wordsBranch(locality.rest.words, { also: inLocality(locality), later: true });
      // A house number begun beside its town ("Mooresville 35"): the addresses beginning with it there.
      else branch('3', `'address'`, `lower(add1) LIKE ${param(`${likeLiteral(locality.rest.normalised)}%`)} AND ${inLocality(locality)}`, 'lower(add1) USING ~<~', { later: true });
    }
  } else if (mode === 'corrected') {
    if (hasCorrections(text.words)) wordsBranch(text.words);
    if (locality && hasCorrections(locality.rest.words)) wordsBranch(locality.rest.words, { also: inLocality(locality) });
  } else {
    // pg_trgm's word similarity (the <% operator, served by the same index): a word or two mistyped.
    const inRest = locality?.rest.indexable ? locality : undefined;
    const similar = param(inRest ? inRest.rest.normalised : text.normalised);
    const score = `word_similarity(${similar}, ${SEARCH_WORDS})`;
    branch('4', `CASE WHEN ${similar} <% ${OWNER_WORDS} THEN 'owner' ELSE 'address' END`, `${similar} <% ${SEARCH_WORDS}${inRest ? ` AND ${inLocality(inRest)}` : ''}`, `${score} DESC`, { score });
  }

  const limit = param(page.limit);
  const offset = param(page.offset);
  const capParam = param(cap);
  const streets = withStreets
    ? `(SELECT coalesce(json_agg(s), '[]'::json) FROM (
          SELECT street, city, min(min_lon) AS west, min(min_lat) AS south, max(max_lon) AS east, max(max_lat) AS north
            FROM cand WHERE matched = 'address' AND street <> '' GROUP BY street, city ORDER BY count(*) DESC, street LIMIT 10) s)`
    : `'[]'::json`;
  const union = (selects: readonly string[]) => selects.join('\n      UNION ALL ');
  // Only the words mode has later branches, beside the PIN, address, owner and town ones it always has.
  const hits =
    laterBranches.length === 0
      ? `hits AS (${union(branches)})`
      : `earlier AS (${union(branches)}),\n    hits AS (SELECT * FROM earlier\n      UNION ALL ${union(laterBranches)})`;
  const sql = `
    WITH ${hits},
    best AS (SELECT DISTINCT ON (pin) * FROM hits ORDER BY pin, tier, score DESC),
    cand AS (
      SELECT *, (lower(add1) IN (${q}, ${whole}) OR lower(owner) IN (${q}, ${whole}) OR ${PIN_COMPACT} = ${pin}) IS TRUE AS exact,
             ${STREET} AS street, ${HOUSE_NUMBER} AS number
        FROM best ORDER BY tier, score DESC, pin LIMIT ${capParam})
    SELECT (SELECT count(*)::int FROM (SELECT 1 FROM best LIMIT ${branchLimit}) counted) AS total,
           (SELECT coalesce(json_agg(json_build_object(
              'pin', pin, 'owner', owner, 'add1', add1, 'city', city, 'zip', zip, 'taxacres', taxacres,
              'centroid', json_build_object('lng', centroid_lon, 'lat', centroid_lat), 'matched', matched) ORDER BY ${orderBy(page)}), '[]'::json)
              FROM (SELECT * FROM cand ORDER BY ${orderBy(page)} LIMIT ${limit} OFFSET ${offset}) page) AS results,
           ${streets} AS streets`;
  return { sql, params };
}

/**
 * Every typed word in SEARCH_WORDS, the common ones out of the trigram index's reach. The index finds a word
 * through the lists of its trigrams, and the lists of a word in most parcels ('st', or 'owner' and
 * 'generated' in the scale bench's county) hold most of the table: ANDed with a rare word, GIN still
 * reads and decodes them all, which took 25–55 ms at 1,000,000 parcels and grows with the county. The
 * rare words alone find few rows, which the common words then filter, as strpos, which no index
 * serves. The rows are the same, in the same (physical) order: the bitmap heap scan's, filtered.
 * When every word is common, every word stays in the index's condition, as before.
 */
function wordsIndexCondition(words: readonly SearchWord[], commonWords: readonly string[], param: (value: unknown) => string): string {
  const common = words.map((word) => commonWords.some((common) => isCommon(word, common)));
  const everyWordCommon = common.every(Boolean);
  return words
    .map((word, index) => (common[index] && !everyWordCommon ? filterCondition(word, param) : wordCondition(SEARCH_WORDS, word, param)))
    .join(' AND ');
}

function isCommon(word: SearchWord, common: string): boolean {
  if (word.corrections) return matchesCorrection(word, common);
  return common.startsWith(word.typed) || word.spellings.includes(common);
}

/** wordCondition on SEARCH_WORDS, as position tests: `SEARCH_WORDS LIKE '% ab%'` is `strpos(SEARCH_WORDS, ' ab') > 0`. */
function filterCondition(word: SearchWord, param: (value: unknown) => string): string {
  const needles = word.corrections
    ? word.corrections.map((correction) => ` ${correction}${word.begun ? '' : ' '}`)
    : [` ${word.typed}`, ...word.spellings.map((spelling) => ` ${spelling} `)];
  return `(${needles.map((needle) => `strpos(${SEARCH_WORDS}, ${param(needle)}) > 0`).join(' OR ')})`;
}

/** One typed word: the start of a word, or one of its other spellings as a whole word; a typo, one of its corrections as a whole word (or as a start, the last word still being typed). */
function wordCondition(column: string, word: SearchWord, param: (value: unknown) => string): string {
  const patterns = word.corrections
    ? word.corrections.map((correction) => `% ${likeLiteral(correction)}${word.begun ? '' : ' '}%`)
    : [`% ${likeLiteral(word.typed)}%`, ...word.spellings.map((spelling) => `% ${likeLiteral(spelling)} %`)];
  return `(${patterns.map((pattern) => `${column} LIKE ${param(pattern)}`).join(' OR ')})`;
}

/** The town and/or the ZIP code (a locality has one at least), or their starts while they are typed. */
function localityCondition(locality: Locality, param: (value: unknown) => string): string {
  const is = (value: string) => (locality.begun ? `LIKE ${param(`${likeLiteral(value)}%`)}` : `= ${param(value)}`);
  return [
    ...(locality.city === undefined ? [] : [`lower(city) ${is(locality.city)}`]),
    ...(locality.zip === undefined ? [] : [`zip ${is(locality.zip)}`]),
  ].join(' AND ');
}
