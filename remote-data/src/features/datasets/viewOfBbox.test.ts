import { describe, expect, it } from 'vitest';
import { mapLinkOfBbox, viewOfBbox } from './viewOfBbox.ts';

describe('viewOfBbox', () => {
  it('centres on the extent and zooms so that it fits the viewport', () => {
    // Cambridge, MA: about 6.5 × 4.3 km.
    const view = viewOfBbox([-71.16, 42.352, -71.064, 42.404], 1280, 800);
    expect(view.lng).toBeCloseTo(-71.112, 3);
    expect(view.lat).toBeCloseTo(42.378, 2);
    expect(view.zoom).toBeGreaterThan(11.5);
    expect(view.zoom).toBeLessThan(13);
  });

  it('keeps a one-point extent within the map’s zoom limits', () => {
    expect(viewOfBbox([-80, 35, -80, 35], 390, 844).zoom).toBe(19);
    expect(viewOfBbox([-179, -80, 179, 80], 390, 844).zoom).toBe(3);
  });

  it('writes the map’s view parameter', () => {
    expect(mapLinkOfBbox([-80.9, 35.6, -80.8, 35.7], 1280, 800)).toMatch(/^\/\?view=-80\.85000,35\.650\d\d,\d+\.\d\d$/);
  });
});
