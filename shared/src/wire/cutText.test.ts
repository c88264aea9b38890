import { describe, expect, it } from 'vitest';
import { cutText, PARCEL_TEXT_MAX_LENGTH } from './cutText.ts';

describe('cutText', () => {
  it('leaves text within the limit as it is', () => {
    expect(cutText('12 Main St ', 20)).toBe('12 Main St ');
    expect(cutText('x'.repeat(PARCEL_TEXT_MAX_LENGTH), PARCEL_TEXT_MAX_LENGTH)).toHaveLength(PARCEL_TEXT_MAX_LENGTH);
  });

  it('cuts longer text to the limit and drops the spaces the cut leaves at its end', () => {
    expect(cutText('x'.repeat(600), PARCEL_TEXT_MAX_LENGTH)).toBe('x'.repeat(PARCEL_TEXT_MAX_LENGTH));
    expect(cutText('SMITH JOHN AND MARY', 11)).toBe('SMITH JOHN');
  });

  it('never splits a surrogate pair', () => {
    expect(cutText(`${'a'.repeat(4)}😀b`, 5)).toBe('aaaa');
    expect(cutText(`${'a'.repeat(3)}😀b`, 5)).toBe('aaa😀');
  });
});
