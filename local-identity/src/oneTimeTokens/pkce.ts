import { createHash } from 'node:crypto';

/** S256 as the SDK computes it: base64url(SHA-256(ASCII verifier)), no padding (STYTCH_NOTES §6). */
export function pkceChallengeFor(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}
