import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../../../scripts/apiNodeFlags.mjs';
import { productServers } from '../../../scripts/productServers.mjs';

// Keeps ~300,000 objects alive in a ring while allocating more, so V8 grows the young generation as
// far as it is allowed to; prints the largest size it reached, in MB.
const GROW_YOUNG_GENERATION = `
const v8 = require('node:v8');
const ring = new Array(300000);
let largest = 0;
for (let i = 0; i < 6e6; i += 1) {
  ring[i % ring.length] = { i };
  if (i % 100000 === 0) largest = Math.max(largest, v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
}
console.log(largest / 2 ** 20);
`;

function largestYoungGenerationMb(flags: readonly string[]): number {
  return Number(execFileSync(process.execPath, [...flags, '-e', GROW_YOUNG_GENERATION], { encoding: 'utf8' }));
}

describe('API_NODE_FLAGS', () => {
  it("lets the API's young generation grow past V8's default", () => {
    expect(largestYoungGenerationMb(API_NODE_FLAGS)).toBeGreaterThan(largestYoungGenerationMb([]));
  });

  it('are what `npm start` and `npm run start:prod` run the API with, on node’s command line', () => {
    for (const compiled of [false, true]) {
      const api = productServers({ dataDir: '/nowhere', compiled }).find((server) => server.name === 'api-server')!;
      expect(api.args.slice(0, API_NODE_FLAGS.length)).toEqual(API_NODE_FLAGS);
      expect(api.env.NODE_OPTIONS).toBeUndefined();
    }
  });
});
