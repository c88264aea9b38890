import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetReturnPath, rememberReturnPath, RETURN_PATH_LIFETIME_MS, takeReturnPath } from './returnPath.ts';

afterEach(() => {
  vi.useRealTimers();
});

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
    localStorage.setItem('return_to', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(takeReturnPath()).toBe('/');
    localStorage.setItem('return_to', '//evil.example');
    expect(takeReturnPath()).toBe('/');
  });

  it('expires 10 minutes after it was remembered', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    rememberReturnPath('/?pin=1');
    vi.setSystemTime(new Date('2026-01-01T12:09:59Z'));
    expect(takeReturnPath()).toBe('/?pin=1');

    rememberReturnPath('/?pin=2');
    vi.setSystemTime(new Date(Date.now() + RETURN_PATH_LIFETIME_MS));
    expect(takeReturnPath()).toBe('/');
  });

  it('is gone once forgotten', () => {
    rememberReturnPath('/?pin=3');
    forgetReturnPath();
    expect(takeReturnPath()).toBe('/');
  });
});
