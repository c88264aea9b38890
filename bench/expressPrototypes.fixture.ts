// Run by v8States.bench.ts in a node started with --allow-natives-syntax (and --trace-opt):
// a server with expressPrototypedClasses answers a few thousand requests through an Express app
// over kept-alive connections, so V8 optimizes (or tries to optimize) the request and response
// constructors and node's parser callbacks. Prints how many requests and responses had left V8's
// fast properties for dictionary ones by the time they were answered, and how many responses had
// another hidden class than the one before them at that point.
// argv: the number of requests; then 'collect-early' (node --expose-gc) to answer the first few on
// connections of their own and run a full garbage collection before the rest, as the API's start-up
// may between its first requests.
import { Agent, createServer, request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import express from 'express';
import { listenOnLoopback } from '../api-server/src/testing/listenOnLoopback.ts';
import { expressPrototypedClasses } from '../api-server/src/platform/http/expressPrototypes.ts';

const REQUESTS = Number(process.argv[2] ?? 4000);
const COLLECT_EARLY = process.argv[3] === 'collect-early';
const PARALLEL = 8;
/** Fewer than V8's seven instances before it fixes the objects' size. */
const EARLY_REQUESTS = 6;

const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const slow = { requests: 0, responses: 0 };
let previous: object | undefined;
let newShapes = 0;
const app = express();
app.use((req, res) => {
  res.end('ok');
  if (!hasFastProperties(req)) slow.requests += 1;
  if (!hasFastProperties(res)) slow.responses += 1;
  if (previous && !haveSameMap(previous, res)) newShapes += 1;
  previous = res;
});
const server = createServer(expressPrototypedClasses(app), app);
const { baseUrl, close } = await listenOnLoopback(server);
const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
const get = (via: Agent | false = agent) =>
  new Promise<void>((resolve, reject) => {
    request(baseUrl, { agent: via }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
  });
if (COLLECT_EARLY) {
  // A closed connection lets its request and response go; the collection takes them.
  for (let sent = 0; sent < EARLY_REQUESTS; sent += 1) await get(false);
  previous = undefined;
  await delay(10);
  (globalThis as unknown as { gc: () => void }).gc();
}
for (let sent = 0; sent < REQUESTS; sent += PARALLEL) await Promise.all(Array.from({ length: PARALLEL }, get));
agent.destroy();
await close();
console.log(`DICTIONARY_MODE ${JSON.stringify(slow)}`);
console.log(`NEW_SHAPES ${newShapes}`);
