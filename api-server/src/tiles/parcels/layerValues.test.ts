// A layer's values are each distinct value once, in the order first used, texts compared by their
// bytes wherever they are stored — however many a tile holds.
import { describe, expect, it } from 'vitest';
import { LayerValues } from './layerValues.ts';

/** The texts one after another in one buffer, with each one's range. */
function stored(texts: string[]) {
  const ranges: [number, number][] = [];
  let end = 0;
  const parts = texts.map((text) => {
    const bytes = Buffer.from(text, 'utf8');
    ranges.push([end, (end += bytes.length)]);
    return bytes;
  });
  return { buffer: new Uint8Array(Buffer.concat(parts)), ranges };
}

function contents(values: LayerValues): (string | number)[] {
  const found: (string | number)[] = [];
  values.forEach((bytes) => found.push(Buffer.from(bytes).toString('utf8')), (value) => found.push(value));
  return found;
}

describe('layer values', () => {
  it('keeps each distinct value once, in the order first used, texts apart from numbers', () => {
    const { buffer, ranges } = stored(['MAIN ST', 'Café 東京', 'MAIN ST', '1', 'MAIN S', '', 'Café 東京', '']);
    const values = new LayerValues(buffer);
    const indices = ranges.map(([start, end]) => values.indexOfText(start, end));
    expect(indices).toEqual([0, 1, 0, 2, 3, 4, 1, 4]);
    expect(values.indexOfNumber(1)).toBe(5);
    expect(values.indexOfNumber(0.25)).toBe(6);
    expect(values.indexOfNumber(1)).toBe(5);
    expect(values.size).toBe(7);
    expect(contents(values)).toEqual(['MAIN ST', 'Café 東京', '1', 'MAIN S', '', 1, 0.25]);
  });

  it('finds every text again after growing past its first table', () => {
    const texts = Array.from({ length: 40_000 }, (_, i) => `G${String(i).padStart(9, '0')}`);
    const { buffer, ranges } = stored([...texts, ...texts]);
    const values = new LayerValues(buffer);
    const indices = ranges.map(([start, end]) => values.indexOfText(start, end));
    expect(indices).toEqual([...texts.keys(), ...texts.keys()]);
    expect(contents(values)).toEqual(texts);
  });
});
