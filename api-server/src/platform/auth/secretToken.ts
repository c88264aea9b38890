// A secret token an operator or a local command presents (the local admin token, METRICS_TOKEN),
// compared in constant time so the comparison does not tell how much of a guess was right.
import { timingSafeEqual } from 'node:crypto';

/** A test for presented tokens: true only for `secret`; never true when `secret` is undefined. */
export function secretTokenMatcher(secret: string | undefined): (given: string) => boolean {
  const expected = secret === undefined ? undefined : Buffer.from(secret);
  return (given) => {
    const presented = Buffer.from(given);
    return expected !== undefined && presented.length === expected.length && timingSafeEqual(presented, expected);
  };
}
