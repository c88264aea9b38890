// What keepTickObjectShape keeps; that V8 then gives every tick object its hidden class is read with
// V8's natives in `npm run bench -- v8` (bench/v8States.bench.ts).
import { createHook } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { keepTickObjectShape } from './tickObjectShape.ts';

/** The object process.nextTick queues for a callback, as async_hooks hands it over. */
function nextTickObject(): object {
  let tickObject: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') tickObject = resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  if (!tickObject) throw new Error('process.nextTick queued no TickObject');
  return tickObject;
}

describe('keepTickObjectShape', () => {
  it("keeps one object with a tick object's keys, in their order", () => {
    const kept = keepTickObjectShape();
    expect(keepTickObjectShape()).toBe(kept);
    expect(Reflect.ownKeys(kept)).toEqual(Reflect.ownKeys(nextTickObject()));
  });

  it('holds the ids as heap numbers, as nextTick does, so that the first real tick widens no field', () => {
    const kept = keepTickObjectShape();
    for (const symbol of Object.getOwnPropertySymbols(kept)) expect(Number.isInteger((kept as Record<symbol, number>)[symbol])).toBe(false);
  });
});
