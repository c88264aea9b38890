// The service answers only requests addressed to it by a loopback name. A page on another site that
// gets its own name resolved to 127.0.0.1 (DNS rebinding) would otherwise be same-origin with it and
// could read sign-in links, sessions and the outbox.
import type { RequestHandler } from 'express';
import { StytchError } from './stytchResponses.ts';

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export const requireLoopbackHost: RequestHandler = (req, _res, next) => {
  if (!LOOPBACK_HOSTNAMES.has(req.hostname)) {
    throw new StytchError(400, 'host_not_allowed', 'local-identity answers only requests addressed to 127.0.0.1, localhost or [::1].');
  }
  next();
};
