// Worker threads that run this package's TypeScript sources. tsx's loader hooks do not reach worker
// threads by themselves, so a small bootstrap registers them in the worker before importing the
// entry (the ESM build of tsx's API: its CommonJS build cannot register from an eval'd worker).
// Compiled (`npm run build`, scripts/buildNodeServer.mjs), each worker's entry is a .js file beside
// the module that starts it, and node runs it without tsx.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const compiled = import.meta.url.endsWith('.js');

export function startTsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (compiled) return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), options);
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
