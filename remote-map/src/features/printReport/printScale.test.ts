import { feetPerPixel, scaleBar } from './printScale.ts';

describe('print scale', () => {
  it('matches the web-mercator ground resolution', () => {
    // mapbox-gl's world is 512 px at zoom 0: about 19.11 m (62.7 ft) per pixel at the equator at zoom 12.
    expect(feetPerPixel(0, 12)).toBeCloseTo(62.69, 1);
    expect(feetPerPixel(60, 12)).toBeCloseTo(62.69 / 2, 1);
  });

  it('picks a round length no longer than a quarter of the view', () => {
    const bar = scaleBar(35.62, 15, 1280);
    const viewFeet = feetPerPixel(35.62, 15) * 1280;
    expect(bar.label).toBe('2000 ft');
    expect(bar.fraction).toBeCloseTo(2000 / viewFeet, 6);
    expect(bar.fraction).toBeLessThanOrEqual(0.25);
    expect(scaleBar(35.62, 11, 1280).label).toBe('5 mi');
  });
});
