// What PostgreSQL can store as sent, for the request schemas of every resource. Its text type
// refuses NUL (the query fails), and an unpaired UTF-16 surrogate has no UTF-8 form, so it would be
// saved as U+FFFD: both are refused at the edge with a 400 instead of a 500 or a silently changed
// note. Ids are int4 (serial) columns: a larger number names no row.
import * as z from 'zod/mini';

export const INT4_MAX = 2_147_483_647;

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/** z.string() that refuses text PostgreSQL cannot store as sent. */
export function storableText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(z.refine(isStorableText, 'must not contain NUL characters or unpaired surrogates'));
}

/** A name a user gives what they keep (a markup, a saved query): storable text, trimmed, 1 to `max` characters. */
export function storableName(max: number) {
  return z.pipe(
    storableText(),
    z.transform((name) => name.trim()),
  ).check(z.refine((name) => name.length >= 1 && name.length <= max, `name must be 1 to ${max} characters`));
}
