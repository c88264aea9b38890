// Worker-thread entry: generates the demo county off the main thread (which meanwhile opens and
// migrates PGlite, then inserts each batch as it arrives) and posts demoMessages() to the parent.
import { parentPort, workerData } from 'node:worker_threads';
import type { DemoCountyOptions } from './demoCounty.ts';
import { demoMessages } from './demoRows.ts';

const port = parentPort;
if (!port) throw new Error('demoWorker.ts runs as a worker thread');
for (const message of demoMessages(workerData as DemoCountyOptions)) port.postMessage(message);
