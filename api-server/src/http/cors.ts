// CORS for the product's credentialed calls: `*` is illegal with credentials, so allowed Origins are echoed.
import type { RequestHandler } from 'express';

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Session-Token';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const EXPOSED_HEADERS = 'ETag';
const PREFLIGHT_CACHE_SECONDS = 600;

export function corsForOrigins(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    const originAllowed = origin !== undefined && allowed.has(origin);
    if (originAllowed) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': EXPOSED_HEADERS,
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
