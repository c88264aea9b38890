import { ENGINEERING_SCALES, RATIO_SCALES, feetPerInchAt, metresPerPixel, ratioLabel, scaleBar, viewToFit, zoomForScale } from './printScale.ts';

describe('print scale', () => {
  it('matches the web-mercator ground resolution of a 512 px world', () => {
    // 156,543.03 m per px at zoom 0 for a 256 px world: half that for mapbox-gl's 512 px one.
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.517, 2);
    expect(metresPerPixel(60, 12)).toBeCloseTo(78_271.517 / 2 ** 12 / 2, 4);
  });

  it('lists the engineering and ratio scales with their feet to the inch', () => {
    expect(ENGINEERING_SCALES.map((scale) => [scale.label, scale.feetPerInch])).toEqual([
      ['1" = 50\'', 50],
      ['1" = 100\'', 100],
      ['1" = 200\'', 200],
      ['1" = 400\'', 400],
      ['1" = 1,000\'', 1000],
    ]);
    expect(RATIO_SCALES.map((scale) => [scale.label, scale.feetPerInch])).toEqual([
      ['1:1,200', 100],
      ['1:2,400', 200],
      ['1:4,800', 400],
      ['1:12,000', 1000],
      ['1:24,000', 2000],
    ]);
  });

  it('finds the zoom that prints a chosen scale at 96 CSS pixels to the inch', () => {
    const zoom = zoomForScale(35.62, 100);
    // 100 ft to the inch is 100/96 ft per CSS pixel of the map.
    expect(metresPerPixel(35.62, zoom) * 3.28084).toBeCloseTo(100 / 96, 9);
    expect(zoom).toBeCloseTo(17.61, 2);
    expect(feetPerInchAt(35.62, zoom)).toBeCloseTo(100, 9);
    expect(zoomForScale(35.62, 200)).toBeCloseTo(zoom - 1, 9);
    expect(ratioLabel(feetPerInchAt(35.62, zoom))).toBe('1:1,200');
  });

  it('fits an extent in the frame, whichever side binds, and stops at the closest zoom', () => {
    // A square a thousandth of the world across in mercator x, near the equator.
    const span = 0.36;
    const fit = viewToFit([0, -span / 2, span, span / 2], 1024, 2048, 0, 22);
    expect(fit.lng).toBeCloseTo(span / 2, 9);
    expect(fit.lat).toBeCloseTo(0, 9);
    // 1024 px for a thousandth of a 512 · 2^z world: 2^z = 2000.
    expect(fit.zoom).toBeCloseTo(Math.log2(2000), 3);
    expect(viewToFit([0, -span / 2, span, span / 2], 2048, 1024, 12, 22).zoom).toBeCloseTo(Math.log2((1024 - 24) / (0.001 * 512)), 3);
    expect(viewToFit([-80.86, 35.62, -80.86, 35.62], 700, 700, 24, 18.5).zoom).toBe(18.5);
  });

  it('picks a round scale bar length no longer than the room it has', () => {
    expect(scaleBar(100, 2)).toEqual({ feet: 200, inches: 2, label: '200 ft' });
    expect(scaleBar(1873, 2)).toEqual({ feet: 2500, inches: 2500 / 1873, label: '2,500 ft' });
    expect(scaleBar(50, 2)).toEqual({ feet: 100, inches: 2, label: '100 ft' });
  });
});
