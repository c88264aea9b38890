// Long work on the API's thread cut into slices of the event loop, so that what arrives meanwhile
// (health probes, other users' requests) is answered between slices rather than after all of it.
//
// All long work shares one queue: each turn of the event loop runs one slice, of whichever work has
// waited longest. Were each to take its own turn, twenty lists written at once would run twenty
// slices between two looks at the sockets, and a parcel's details would wait for all of them (the
// scale bench's heavy queries: docs/performance.md).
import { setImmediate as onNextTurn } from 'node:timers';

/**
 * Long enough that the turns cost little; short enough that a queued request barely notices, even on
 * shared cores where a slice's wall time stretches to two or three times its CPU time (measured:
 * docs/decisions.md, nearby).
 */
const SLICE_MS = 4;

export interface EventLoopSlices {
  /** Whether the current slice has run its time: the caller then awaits `next()`. */
  readonly spent: boolean;
  /** Waits for this work's next slice (after the event loop turns at least once), then starts it. */
  next(): Promise<void>;
}

const waiting: (() => void)[] = [];
let turnScheduled = false;

/** Starts the slice that has waited longest; the next waits for the loop's next turn. */
function runOneSlice(): void {
  const resume = waiting.shift()!;
  if (waiting.length > 0) onNextTurn(runOneSlice);
  else turnScheduled = false;
  resume();
}

function nextSlice(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      onNextTurn(runOneSlice);
    }
  });
}

export function eventLoopSlices(sliceMs = SLICE_MS): EventLoopSlices {
  let started = performance.now();
  return {
    get spent() {
      return performance.now() - started >= sliceMs;
    },
    async next() {
      await nextSlice();
      started = performance.now();
    },
  };
}
