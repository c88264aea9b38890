import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendStytchError, StytchError } from './stytchResponses.ts';

export const unknownRouteHandler: RequestHandler = (req) => {
  throw new StytchError(404, 'route_not_found', `No route for ${req.method} ${req.path}.`);
};

/** Last middleware: every failure leaves as a Stytch error body, with no stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof StytchError) {
      sendStytchError(res, error);
      return;
    }
    if (isClientError(error)) {
      // body-parser's errors (malformed JSON, body too large) carry their own 4xx status.
      sendStytchError(res, new StytchError(error.status, 'bad_request', error.message));
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    sendStytchError(res, new StytchError(500, 'internal_server_error', 'local-identity failed to handle the request.'));
  };
}

function isClientError(error: unknown): error is { status: number; message: string; expose: true } {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
}
