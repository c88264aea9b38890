// Values a county writes where it knows nothing ("/", "N/A", a sale on 1/1/1900, year built 0):
// found per source field at import, counted with examples for the report, and stored as missing, so
// a card says 'N/A' rather than presenting them as facts.
import type { ImportMapping } from './importMapping.ts';

const MAX_EXAMPLES = 5;
/** Words that stand for no value in assessor files (compared without case). */
const UNKNOWN_WORDS = ['N/A', 'NONE'];
/** Older sale dates are the assessor systems' "no date" (Cambridge's 1/1/1900), not sales. */
const FIRST_REAL_DATE = '1901-01-01';
/** Attributes holding a year of construction, whose 0 means "not recorded". */
const YEAR_BUILT_NAME = /(?:year|yr)[\s_.-]*(?:built|blt)/i;

export interface PlaceholderCount {
  field: string;
  count: number;
  /** Distinct values found, as the file wrote them. */
  examples: string[];
}

export interface PlaceholderFinder {
  /** Whether `value` of source field `field` means "unknown"; each one found is counted. */
  text(field: string, value: unknown): boolean;
  /** A sale date (YYYY-MM-DD) before 1901 or after `today`: counted under `field`. */
  date(field: string, date: string, raw: unknown): boolean;
  /** A year of construction that is 0 or still to come, for an attribute named or labelled as one. */
  yearBuilt(field: string, label: string | undefined, value: unknown): boolean;
  /** A sale price of 0 for a sale without a date. */
  salePrice(field: string, price: number, saleDate: string | null, raw: unknown): boolean;
  /** Every field with a placeholder, in the order first found. */
  counts(): PlaceholderCount[];
}

export function createPlaceholderFinder(mapping: Pick<ImportMapping, 'nullValues'>, today = new Date()): PlaceholderFinder {
  const named = new Map<string, Set<string>>();
  for (const [field, values] of Object.entries(mapping.nullValues ?? {})) named.set(field.toLowerCase(), new Set(values.map((value) => value.trim().toUpperCase())));
  const forAll = named.get('*');
  const todayIso = today.toISOString().slice(0, 10);
  const found = new Map<string, { count: number; examples: Set<string> }>();

  const count = (field: string, raw: unknown): true => {
    const entry = found.get(field) ?? { count: 0, examples: new Set<string>() };
    entry.count += 1;
    if (entry.examples.size < MAX_EXAMPLES) entry.examples.add(String(raw));
    found.set(field, entry);
    return true;
  };

  return {
    text(field, value) {
      if (value === null || value === undefined || typeof value === 'boolean') return false;
      const text = String(value).trim();
      if (text === '') return false;
      const upper = text.toUpperCase();
      const meansUnknown = typeof value === 'string' && genericPlaceholder(upper);
      return meansUnknown || forAll?.has(upper) || named.get(field.toLowerCase())?.has(upper) ? count(field, value) : false;
    },
    date(field, date, raw) {
      return date < FIRST_REAL_DATE || date > todayIso ? count(field, raw) : false;
    },
    yearBuilt(field, label, value) {
      if (!YEAR_BUILT_NAME.test(field) && !(label !== undefined && YEAR_BUILT_NAME.test(label))) return false;
      const year = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : Number.NaN;
      return Number.isFinite(year) && (year === 0 || year > today.getUTCFullYear()) ? count(field, value) : false;
    },
    salePrice(field, price, saleDate, raw) {
      return price === 0 && saleDate === null ? count(field, raw) : false;
    },
    counts() {
      return [...found].map(([field, { count: n, examples }]) => ({ field, count: n, examples: [...examples] }));
    },
  };
}

/**
 * "N/A", "NONE"; marks with no letter or digit ("/", "-", "  /  "); zeros in a pattern ("0000",
 * "00/00/0000"). A zero that reads as a number ("0", "0.00") stays one: a building's worth on vacant land.
 */
function genericPlaceholder(upper: string): boolean {
  if (UNKNOWN_WORDS.includes(upper)) return true;
  if (!/[\p{L}\p{N}]/u.test(upper)) return true;
  return !/\p{L}/u.test(upper) && !/^0+\.0+$/.test(upper) && /^0{2,}$/.test(upper.replace(/[^\p{N}]/gu, ''));
}
