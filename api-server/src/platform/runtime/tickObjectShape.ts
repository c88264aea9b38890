// process.nextTick queues each callback as an object literal keyed by two symbols
// (node:internal/process/task_queues). V8 reaches that literal's hidden class through transitions it
// holds weakly: a full garbage collection while no tick is queued drops the classes, and the next tick
// makes new ones. The API's start-up read of the parcels runs several full collections while the
// first requests (health checks) queue ticks. nextTick's property definitions remember each class they
// meet and, past four, stay megamorphic for the process's life: every nextTick then costs several
// times as much, and a cached tile queues four or five (docs/performance-archive.md). One object of the same
// shape, kept for the process's life, keeps the classes: every tick object then has that one.
import { AsyncResource } from 'node:async_hooks';

// nextTick stores its ids as heap numbers: a field V8 first saw holding a small integer would be
// widened by the first real tick, which makes a new class again.
const UNSET_ID = 0.5;

let kept: object | undefined;

/** Call before the server takes requests; returns the object it keeps. */
export function keepTickObjectShape(): object {
  if (kept) return kept;
  // AsyncResource keys its ids with the same two symbols as nextTick's objects.
  const symbols = Object.getOwnPropertySymbols(new AsyncResource('TickObjectShape'));
  const asyncId = symbols.find((symbol) => symbol.description === 'async_id_symbol');
  const triggerAsyncId = symbols.find((symbol) => symbol.description === 'trigger_async_id_symbol');
  kept = asyncId && triggerAsyncId ? { [asyncId]: UNSET_ID, [triggerAsyncId]: UNSET_ID, callback: keepTickObjectShape, args: undefined } : {};
  return kept;
}
