import { describe, expect, it } from 'vitest';
import { elevationAt, LAKE_SURFACE_M } from './demoElevation.ts';

describe('elevation surface', () => {
  it('is flat at the lake surface on Lake Norman (the lowest point) and rises to 290–325 m on land', () => {
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i <= 60; i += 1) {
      for (let j = 0; j <= 60; j += 1) {
        const e = elevationAt(-81 + (0.3 * i) / 60, 35.49 + (0.31 * j) / 60);
        low = Math.min(low, e);
        high = Math.max(high, e);
      }
    }
    expect(low).toBe(LAKE_SURFACE_M);
    expect(high).toBeGreaterThan(290);
    expect(high).toBeLessThan(325);
  });
});
