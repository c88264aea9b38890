import { describe, expect, it } from 'vitest';
import { rememberReturnPath, takeReturnPath } from './returnPath.ts';

describe('return path', () => {
  it('brings a deep link back once after sign-in', () => {
    rememberReturnPath('/?pin=4605050123&view=-80.86,35.62,16');
    expect(takeReturnPath()).toBe('/?pin=4605050123&view=-80.86,35.62,16');
    expect(takeReturnPath()).toBe('/');
  });

  it('never leads to another origin or back to the sign-in screens', () => {
    for (const path of ['//evil.example/x', 'https://evil.example', '/login', '/authenticate?token=x']) {
      rememberReturnPath(path);
      expect(takeReturnPath()).toBe('/');
    }
    localStorage.setItem('return_to', '//evil.example');
    expect(takeReturnPath()).toBe('/');
  });
});
