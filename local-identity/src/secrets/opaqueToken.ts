import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for magic-link, OAuth and session tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
