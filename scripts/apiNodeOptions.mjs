// The Node.js options the API server runs with, added to NODE_OPTIONS for its process (`npm start`,
// and the benchmark's own API processes: the demo seed and `npm run bench:tiles`).
// A young generation of up to 32 MB instead of V8's 16: under load the API allocated a full young
// generation every ~70 ms, and a cached tile cost 1.13–1.41 × the CPU of a raw node:http server
// answering the same bytes; with 32 MB, 1.06 × (docs/performance.md). The raw server does not
// change with it. The young generation grows to the limit only while objects survive collections,
// so an idle API does not hold the memory.
const API_NODE_OPTIONS = '--max-semi-space-size=32';

/** NODE_OPTIONS for the API's process: the environment's own, then the API's. */
export function apiNodeOptions(inherited = process.env.NODE_OPTIONS) {
  return [inherited, API_NODE_OPTIONS].filter(Boolean).join(' ');
}
