// Run by v8States.bench.ts in a node started with --allow-natives-syntax and --expose-gc: ticks
// queued between full garbage collections (as the API's first requests are during its start-up read
// of the parcels), with keepTickObjectShape() first when argv says 'keep'. Prints V8's feedback on
// process.nextTick (%DebugPrint: the states of its property definitions), then whether a tick object
// queued afterwards has the kept object's hidden class.
import { createHook } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { keepTickObjectShape } from '../api-server/src/platform/runtime/tickObjectShape.ts';

/** Ticks a round: enough for V8 to give nextTick feedback. */
const TICKS = 50;
const COLLECTIONS = 8;

const natives = (body: string) => new Function('a', 'b', body) as (a: unknown, b?: unknown) => unknown;
const debugPrint = natives('%DebugPrint(a)');
const haveSameMap = natives('return %HaveSameMap(a, b)');
const collect = (globalThis as unknown as { gc: () => void }).gc;

const kept = process.argv[2] === 'keep' ? keepTickObjectShape() : undefined;
const noop = () => {};
for (let round = 0; round < COLLECTIONS; round += 1) {
  for (let tick = 0; tick < TICKS; tick += 1) process.nextTick(noop);
  await nextTurn();
  collect();
}
debugPrint(process.nextTick);

let tickObject: object | undefined;
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject') tickObject = resource;
  },
}).enable();
process.nextTick(noop);
hook.disable();
console.log(`SAME_SHAPE ${kept && tickObject ? String(haveSameMap(kept, tickObject)) : 'none'}`);
