import { z } from 'zod';

/** An absolute http(s) URL: the only kind a sign-in link or OAuth redirect may point at. */
export const httpUrlSchema = z.string().refine(isHttpUrl, 'must be an absolute http(s) URL');

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether `url` is one of the allowed redirect URLs, as Stytch matches its dashboard list: the same
 * origin and path (the query string is the caller's). Anything else would send the sign-in token to
 * whichever host the request named.
 */
export function isAllowedRedirectUrl(url: string, allowedRedirectUrls: readonly string[]): boolean {
  const target = withoutQuery(url);
  return target !== undefined && allowedRedirectUrls.some((allowed) => withoutQuery(allowed) === target);
}

function withoutQuery(url: string): string | undefined {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return undefined;
  }
}

/** `url` with the two parameters the SDK's `authenticateByUrl` needs (STYTCH_NOTES §3b). */
export function withStytchToken(url: string, tokenType: 'magic_links' | 'oauth', token: string): string {
  const target = new URL(url);
  target.searchParams.set('stytch_token_type', tokenType);
  target.searchParams.set('token', token);
  return target.toString();
}
