// CORS for the SDK's credentialed fetches, for the front end's origins only (as Stytch's authorized
// domains): `*` is illegal with credentials, so an allowed Origin is echoed.
import type { RequestHandler } from 'express';

const ALLOWED_HEADERS = 'authorization, content-type, x-sdk-client, x-sdk-parent-host';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const PREFLIGHT_CACHE_SECONDS = 600;

export function sdkCors(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    const originAllowed = origin !== undefined && allowedOrigins.includes(origin);
    if (originAllowed) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
      });
    }
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    if (originAllowed) {
      res.set({
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_CACHE_SECONDS),
      });
    }
    // Without the allow headers the browser blocks the real request, which is the refusal we want.
    res.status(204).end();
  };
}
