// JSON text the database already holds (a json column read as ::text) goes into an answer as it is:
// parsing it only to serialise it again costs the API's thread an object per coordinate and the
// collections after them, and one user's 2 MB of drawing would slow every other user.

/**
 * The JSON of `value` with `key` added, its value the JSON text `storedJson`, spliced in unparsed.
 * `storedJson` must be valid JSON (what a json or jsonb column returns as text); `value` must not hold `key`.
 */
export function jsonWithStored(value: Record<string, unknown>, key: string, storedJson: string): string {
  const rest = JSON.stringify(value);
  return `${rest.slice(0, -1)}${rest === '{}' ? '' : ','}${JSON.stringify(key)}:${storedJson}}`;
}
