// The SDK authenticates as `Basic base64(publicToken:sessionTokenOrPublicToken)` (STYTCH_NOTES §2).
import type { Request } from 'express';
import { StytchError } from './stytchResponses.ts';

export interface SdkCredentials {
  publicToken: string;
  /** The session token, or the public token again when the browser holds no session. */
  password: string;
}

function readBasicCredentials(req: Request): SdkCredentials | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return undefined;
  return { publicToken: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/** Rejects a request that does not come from an SDK configured with this project's public token. */
export function requireSdkCredentials(req: Request, publicToken: string): SdkCredentials {
  const credentials = readBasicCredentials(req);
  if (credentials?.publicToken !== publicToken) {
    throw new StytchError(401, 'unauthorized_credentials', 'Unauthorized credentials: the public token is missing or unknown.');
  }
  return credentials;
}
