// Text longer than a field's limit, cut the one way every part of the product cuts it: the county
// data importer for the parcels it writes, and the API for the owner names and addresses a save
// copies from them, so an imported parcel can always be saved.

/** Owner names, addresses and the other text of a parcel: room for any county's, bounded so that no row holds megabytes. */
export const PARCEL_TEXT_MAX_LENGTH = 512;

/**
 * `text` cut to at most `maxLength` UTF-16 units (what a zod maxLength counts) without splitting a
 * surrogate pair, and without the spaces the cut leaves at its end.
 */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const lastKept = text.charCodeAt(maxLength - 1);
  const end = lastKept >= 0xd800 && lastKept <= 0xdbff ? maxLength - 1 : maxLength;
  return text.slice(0, end).trimEnd();
}
