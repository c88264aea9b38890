// Diagnostics that count what the fast paths answered, so a test can tell which path served a request.
import type { Diagnostics } from '../platform/diagnostics.ts';

export interface CountingDiagnostics extends Diagnostics {
  /** Requests of `route` ('/tiles', '/api/parcels') answered by a fast path so far. */
  fastPathAnswers(route: string): number;
}

export function countingDiagnostics(): CountingDiagnostics {
  const answers = new Map<string, number>();
  return {
    fastPathAnswered: (route) => answers.set(route, (answers.get(route) ?? 0) + 1),
    tileCacheLookup: () => undefined,
    fastPathAnswers: (route) => answers.get(route) ?? 0,
  };
}
