import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiNodeOptions } from '../../../scripts/apiNodeOptions.mjs';

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

function largestYoungGenerationMb(nodeOptions: string): number {
  return Number(execFileSync(process.execPath, ['-e', GROW_YOUNG_GENERATION], { env: { ...process.env, NODE_OPTIONS: nodeOptions }, encoding: 'utf8' }));
}

describe('apiNodeOptions', () => {
  it("adds the API's options after the environment's own", () => {
    expect(apiNodeOptions('--trace-warnings')).toMatch(/^--trace-warnings --max-semi-space-size=\d+$/);
    expect(apiNodeOptions('')).toMatch(/^--max-semi-space-size=\d+$/);
  });

  it("lets the API's young generation grow past V8's default", () => {
    const byDefault = largestYoungGenerationMb('');
    expect(largestYoungGenerationMb(apiNodeOptions(''))).toBeGreaterThan(byDefault);
  });
});
