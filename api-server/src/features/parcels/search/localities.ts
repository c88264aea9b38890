// A town and a ZIP code typed beside a street or an owner, the way addresses are written and pasted:
// "132 Saddle Ln, Mooresville", "132 Saddle Ln Mooresville NC 28115", "Mooresville 132 Saddle Lane",
// "132 Saddle Ln 28115". Only the county's own towns and ZIP codes are recognised (read once per data
// version), at the end of the query or a town at its start: a town's name is also a street's
// ("132 Mooresville Rd") or an owner's, and a house number may have five digits, so the query is
// searched as typed too (parcelSearchSql.ts). Pure.
import { analyseSearchText, otherSpellings, type Locality, type SearchText } from './searchText.ts';

/** The distinct towns and ZIP codes of the parcels, in lower case as stored. */
export interface Localities {
  cities: readonly string[];
  zips: readonly string[];
}

interface Town {
  city: string;
  words: string[];
}

/** A state between the town and the ZIP code, or after the town ("Mooresville NC 28115"): two letters. */
const STATE = /^[a-z]{2}$/;

/** A state's two letters after a town: before a ZIP code any, at the end none a street type or direction is ("Cambridge St", "Main Ct"). */
const isState = (word: string, beforeZip: boolean) => STATE.test(word) && (beforeZip || otherSpellings(word).length === 0);

export interface LocalityFinder {
  /** The query with the town and/or ZIP code it names set apart as its locality; a query naming none as it was. */
  find(text: SearchText): SearchText;
  /**
   * The query with its last words set apart as a town or ZIP code still being typed ("132 Saddle Ln moores",
   * "132 Saddle Ln 281"); undefined when they begin none, or the query names a locality already. Read
   * only when the query as typed finds nothing: "32 First St" is not a search in the towns beginning ST.
   */
  findBegun(text: SearchText): SearchText | undefined;
}

export function localityFinder(localities: Localities): LocalityFinder {
  // Compared as the query is searched: street types and directions abbreviated ("Mount" is MT).
  const towns: Town[] = localities.cities
    .map((city) => ({ city, words: analyseSearchText(city).normalised.split(' ') }))
    .filter((town) => town.words[0] !== '')
    .sort((a, b) => b.words.length - a.words.length);
  const zips = new Set(localities.zips);
  const zipList = [...zips];
  return {
    find(text) {
      const locality = findLocality(text.normalised.split(' '), towns, zips);
      return locality ? { ...text, locality } : text;
    },
    findBegun(text) {
      const locality = text.locality ? undefined : findBegunLocality(text, towns, zipList);
      return locality && { ...text, locality };
    },
  };
}

/**
 * The longest run of last words that begins a town's name, as typed or as searched ("mou", "mt u":
 * MOUNT ULLA), all of them a town being typed alone ("mooresvi"); else a last word of digits after
 * others that begins a ZIP code.
 */
function findBegunLocality(text: SearchText, towns: readonly Town[], zips: readonly string[]): Locality | undefined {
  const typed = text.words.map((word) => word.typed);
  const searched = text.normalised.split(' ');
  for (let from = 0; from < typed.length; from++) {
    const asTyped = typed.slice(from).join(' ');
    const asSearched = searched.slice(from).join(' ');
    const begun = towns.filter((town) => town.city.startsWith(asTyped) || town.words.join(' ').startsWith(asSearched));
    if (begun.length > 0) return { ...begunAs('city', begun.map((town) => town.city)), zip: undefined, rest: analyseSearchText(searched.slice(0, from).join(' ')), restEndsQuery: false };
  }
  const last = typed.at(-1)!;
  const begun = typed.length > 1 && /^\d+$/.test(last) ? zips.filter((zip) => zip.startsWith(last)) : [];
  if (begun.length > 0) return { ...begunAs('zip', begun), city: undefined, rest: analyseSearchText(searched.slice(0, -1).join(' ')), restEndsQuery: false };
  return undefined;
}

/**
 * The one town or ZIP code a start names, as if typed whole (the indexes serve it); or the start that
 * several share, read as a start.
 */
function begunAs<Key extends 'city' | 'zip'>(key: Key, names: readonly string[]): Record<Key, string> & { begun?: true } {
  const named = { [key]: names.length === 1 ? names[0]! : commonStart(names) } as Record<Key, string>;
  return names.length === 1 ? named : { ...named, begun: true };
}

function commonStart(names: readonly string[]): string {
  return names.reduce((start, name) => {
    let length = 0;
    while (length < start.length && start[length] === name[length]) length++;
    return start.slice(0, length);
  });
}

function findLocality(words: readonly string[], towns: readonly Town[], zips: ReadonlySet<string>): Locality | undefined {
  const isAt = (town: Town, from: number) => from >= 0 && town.words.every((word, index) => word === words[from + index]);
  const townEndingAt = (to: number) => towns.find((town) => isAt(town, to - town.words.length));

  let end = words.length;
  const zip = end > 1 && zips.has(words[end - 1]!) ? words[--end] : undefined;
  let town = townEndingAt(end);
  if (!town && end > 1 && isState(words[end - 1]!, zip !== undefined)) {
    town = townEndingAt(end - 1);
    if (town) end -= 1;
  }
  let start = 0;
  if (town) end -= town.words.length;
  else if (!zip) {
    town = towns.find((each) => each.words.length < end && isAt(each, 0));
    if (town) start = town.words.length;
  }
  if (!town && !zip) return undefined;
  // One word that is a town or a ZIP code is a search of its own already: every parcel of it.
  if (words.length === 1) return undefined;
  return { city: town?.city, zip, rest: analyseSearchText(words.slice(start, end).join(' ')), restEndsQuery: end === words.length };
}
