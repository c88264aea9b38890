import { describe, expect, it } from 'vitest';
import { savedParcelIdForPath } from './savedParcelsApi.ts';

describe('savedParcelIdForPath', () => {
  it('sends an all-digit id as a number (SPEC §5)', () => {
    expect(savedParcelIdForPath('0042')).toBe('42');
    expect(savedParcelIdForPath(7)).toBe('7');
  });

  it('keeps any other id as text, encoded for the path', () => {
    expect(savedParcelIdForPath('a/b')).toBe('a%2Fb');
  });
});
