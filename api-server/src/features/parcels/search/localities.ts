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

/** Sets apart the town and/or ZIP code a query names as its locality; a query naming none is returned as it was. */
export function localityFinder(localities: Localities): (text: SearchText) => SearchText {
  // Compared as the query is searched: street types and directions abbreviated ("Mount" is MT).
  const towns: Town[] = localities.cities
    .map((city) => ({ city, words: analyseSearchText(city).normalised.split(' ') }))
    .filter((town) => town.words[0] !== '')
    .sort((a, b) => b.words.length - a.words.length);
  const zips = new Set(localities.zips);
  return (text) => {
    const locality = findLocality(text.normalised.split(' '), towns, zips);
    return locality ? { ...text, locality } : text;
  };
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
  return { city: town?.city, zip, rest: analyseSearchText(words.slice(start, end).join(' ')) };
}
