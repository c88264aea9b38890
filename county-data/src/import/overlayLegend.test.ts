import { describe, expect, it } from 'vitest';
import { CATEGORICAL_PALETTE, overlayLegendOf, styleWithLegend } from './overlayLegend.ts';

const byZone = (colours: Record<string, string> = {}) => ({ colour: '#74a9cf', byAttribute: { attribute: 'zone', colours } });
const features = (...zones: unknown[]) => zones.map((zone) => (zone === undefined ? {} : { zone }));
const coloursOf = (legend: ReturnType<typeof overlayLegendOf>) => Object.fromEntries(legend!.entries.map((entry) => [entry.value, entry.colour]));

describe('overlayLegendOf', () => {
  it('is none for an overlay coloured alike', () => {
    expect(overlayLegendOf({ colour: '#123456' }, features('AE'), [])).toBeNull();
  });

  it('lists exactly the values the features hold, by value, counted, in the mapping’s colours and its codes’ words', () => {
    const legend = overlayLegendOf(byZone({ AE: '#332288', VE: '#882255' }), features('X', 'AE', 'AE', undefined, ''), [{ key: 'zone', label: 'Zone', codes: { AE: '1% annual chance flood' } }]);
    expect(legend).toEqual({
      attribute: 'zone',
      entries: [
        { value: 'AE', label: '1% annual chance flood', colour: '#332288', features: 2 },
        { value: 'X', label: 'X', colour: expect.any(String), features: 1 },
      ],
      others: 2,
    });
    // X takes a palette colour no other value of the layer has.
    expect(CATEGORICAL_PALETTE).toContain(coloursOf(legend).X);
    expect(coloursOf(legend).X).not.toBe('#332288');
  });

  it('gives every value a different colour-blind-safe colour while the palette lasts, numbers matched as text', () => {
    const legend = overlayLegendOf(byZone(), features(...Array.from({ length: CATEGORICAL_PALETTE.length }, (_, i) => i + 1)), []);
    expect(legend!.entries.map((entry) => entry.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(new Set(Object.values(coloursOf(legend)))).toEqual(new Set(CATEGORICAL_PALETTE));
  });

  it('keeps a value’s colour when the values around it change', () => {
    const before = coloursOf(overlayLegendOf(byZone(), features('Southern Railway', 'Piedmont and Northern Railroad'), []));
    const after = coloursOf(overlayLegendOf(byZone(), features('Southern Railway', 'Norfolk Southern Railway', 'CSX'), []));
    expect(after['Southern Railway']).toBe(before['Southern Railway']);
  });

  it('with more values than colours, colours the most common and counts the rest as others', () => {
    const zones = Array.from({ length: 12 }, (_, i) => `Z${i}`);
    const held = zones.flatMap((zone, i) => Array.from({ length: 20 - i }, () => zone));
    const legend = overlayLegendOf(byZone(), features(...held), [])!;
    expect(legend.entries.map((entry) => entry.value).sort()).toEqual(zones.slice(0, 9).sort());
    expect(legend.others).toBe((20 - 9) + (20 - 10) + (20 - 11));
    expect(new Set(legend.entries.map((entry) => entry.colour)).size).toBe(9);
  });
});

describe('styleWithLegend', () => {
  it('colours the values the layer holds as the legend does, and drops those it lacks', () => {
    const style = byZone({ AE: '#332288', VE: '#882255' });
    const legend = overlayLegendOf(style, features('AE', 'X'), []);
    expect(styleWithLegend(style, legend)).toEqual({ colour: '#74a9cf', byAttribute: { attribute: 'zone', colours: { AE: '#332288', X: coloursOf(legend).X } } });
    expect(styleWithLegend({ colour: '#123456' }, null)).toEqual({ colour: '#123456' });
  });
});
