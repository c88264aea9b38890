// Starts generating the demo county, either in a worker thread (server start: generation overlaps
// opening the database and the inserts) or in-process (tests on a small extent), and hands the
// messages over as an async iterator in generation order.
import { startTsWorker } from '@parcel-map/database/workerThreads';
import type { DemoCountyOptions } from './demoCounty.ts';
import { demoMessages, type DemoMessage } from './demoRows.ts';

export interface DemoGeneration {
  messages: AsyncIterable<DemoMessage>;
  /** Stops the generation (nothing to seed after all); safe to call twice. */
  cancel(): Promise<void>;
}

export function generateInProcess(options: DemoCountyOptions = {}): DemoGeneration {
  return {
    messages: (async function* () {
      yield* demoMessages(options);
    })(),
    cancel: async () => {},
  };
}

export function generateInWorker(options: DemoCountyOptions = {}): DemoGeneration {
  const worker = startTsWorker(new URL('./demoWorker.ts', import.meta.url), { workerData: options });
  const queue: DemoMessage[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: DemoMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    finished = true;
    if (code !== 0 && !queue.some((message) => message.kind === 'done')) failure ??= new Error(`demo worker exited with code ${code}`);
    notify();
  });

  return {
    messages: (async function* () {
      for (;;) {
        const next = queue.shift();
        if (next) {
          yield next;
          if (next.kind === 'done') return;
          continue;
        }
        if (failure) throw failure;
        if (finished) throw new Error('demo worker stopped before it was done');
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    })(),
    cancel: async () => {
      await worker.terminate();
    },
  };
}
