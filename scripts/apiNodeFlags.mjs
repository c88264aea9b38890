// The Node.js flags the API server runs with, on node's command line before the script (`npm start`,
// the systemd unit, the benchmark's own API processes). On the command line rather than in
// NODE_OPTIONS, which refuses V8's --initial-old-space-size.
//
// --max-semi-space-size: a young generation of up to 32 MB instead of V8's 16. Under load the API
// allocated a full young generation every ~70 ms, and a cached tile cost 1.13–1.41 × the CPU of a raw
// node:http server answering the same bytes; with 32 MB, 1.06 ×. It grows to the limit only while
// objects survive collections, so an idle API does not hold the memory.
//
// --initial-old-space-size: no full collection until the old generation holds 128 MB. A state's
// parcels live outside V8's heap, which then holds ~30 MB; V8 sized its old generation's limit to
// that, and the little each tile build leaves behind brought a full collection every 40–70 cold
// builds, each slowing two or three of them by 15–30 ms. (Figures: docs/performance-archive.md.)
export const API_NODE_FLAGS = Object.freeze(['--max-semi-space-size=32', '--initial-old-space-size=128']);
