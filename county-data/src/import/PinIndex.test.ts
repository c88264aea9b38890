import { describe, expect, it } from 'vitest';
import { PinIndex } from './PinIndex.ts';

describe('PinIndex', () => {
  it('finds every one of many PINs, across the resizes, and none it was not given', () => {
    const index = new PinIndex();
    const pins = Array.from({ length: 100_000 }, (_, i) => `G${String(i).padStart(9, '0')}`);
    expect(pins.filter((pin, i) => index.add(pin, i + 1) !== undefined)).toEqual([]);
    expect(index.size).toBe(pins.length);
    expect(pins.filter((pin, i) => index.get(pin) !== i + 1)).toEqual([]);
    expect(index.get('G100000000')).toBeUndefined();
    expect(index.get('g000000001')).toBeUndefined();
  });

  it('keeps the first feature of a PIN added again', () => {
    const index = new PinIndex();
    expect(index.add('A-1', 3)).toBeUndefined();
    expect(index.add('A-1', 7)).toBe(3);
    expect(index.add('A-1', 9)).toBe(3);
    expect(index.get('A-1')).toBe(3);
    expect(index.size).toBe(1);
  });

  it('tells apart a PIN and the PINs it is a prefix of', () => {
    const index = new PinIndex();
    index.add('12', 1);
    index.add('123', 2);
    index.add('1', 3);
    expect([index.get(''), index.get('1'), index.get('12'), index.get('123'), index.get('1234')]).toEqual([undefined, 3, 1, 2, undefined]);
  });

  it('stores PINs outside ASCII exactly, however many bytes their characters take', () => {
    const index = new PinIndex();
    const pins = ['ÅS-1', 'AS-1', 'Ås-1', '東京-1', '東京-2', '𝔘-1', 'Ω'];
    pins.forEach((pin, i) => index.add(pin, i + 1));
    pins.forEach((pin, i) => expect(index.get(pin)).toBe(i + 1));
    expect(index.get('東京-3')).toBeUndefined();
    // The same letter, composed and decomposed, is two PINs: the index compares what it is given.
    expect(index.get('A\u030AS-1')).toBeUndefined();
  });

  it('keeps long PINs whose bytes outgrow the buffer several times over', () => {
    const index = new PinIndex();
    const pins = Array.from({ length: 2_000 }, (_, i) => `${'Ж'.repeat(50)}-${i}`);
    pins.forEach((pin, i) => index.add(pin, i + 1));
    expect(pins.filter((pin, i) => index.get(pin) !== i + 1)).toEqual([]);
  });

  it('works again after a copy between threads (structured clone)', () => {
    const index = new PinIndex();
    for (let i = 1; i <= 5_000; i += 1) index.add(`P-${i}`, i);
    const copy = PinIndex.revive(structuredClone(index));
    expect([copy.get('P-1'), copy.get('P-5000'), copy.get('P-5001')]).toEqual([1, 5000, undefined]);
    expect(copy.add('P-5001', 5001)).toBeUndefined();
    expect(copy.add('P-2', 9)).toBe(2);
  });

  it('refuses a feature number it cannot hold', () => {
    expect(() => new PinIndex().add('A', 2 ** 32)).toThrow(RangeError);
    expect(() => new PinIndex().add('A', 1.5)).toThrow(RangeError);
  });
});
