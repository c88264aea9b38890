// Starts generating the demo county, either in a worker thread (server start: generation overlaps
// opening the database and the inserts) or in-process (tests on a small extent), and hands the
// messages over as an async iterator in generation order.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
  // The worker runs TypeScript sources: tsx's loader hooks do not reach worker threads by
  // themselves, so a small bootstrap registers them in the worker before importing the entry.
  // (The ESM build of tsx's API: its CommonJS build cannot register from an eval'd worker.)
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./demoWorker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: options });
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
