// The one error middleware, registered last: maps every failure to a JSON `{message}` (SPEC §8).
import type { ErrorRequestHandler, RequestHandler } from 'express';
import * as z from 'zod/mini';
import type { Logger } from '../logger.ts';
import { HttpError } from './httpErrors.ts';

const PG_UNIQUE_VIOLATION = '23505';

// The request schemas are zod/mini (shared/src/contracts.ts, parsed in the browser too), and zod/mini
// registers no locale: the messages zod writes itself (a wrong type, a limit without a message of its
// own) stay the English ones classic zod registers.
z.config(z.locales.en());

export function notFoundHandler(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { status, message } = describe(error);
    if (status >= 500) {
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    }
    res.status(status).json({ message });
  };
}

function describe(error: unknown): { status: number; message: string } {
  if (error instanceof z.core.$ZodError) return { status: 400, message: zodMessage(error) };
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (isRecord(error)) {
    // body-parser marks its own failures with `type` (and a 4xx `status`).
    if (error.type === 'entity.parse.failed') return { status: 400, message: 'Malformed JSON' };
    if (error.type === 'entity.too.large') return { status: 413, message: 'Request body too large' };
    if (error.code === PG_UNIQUE_VIOLATION) return { status: 409, message: 'Resource already exists' };
    // Other client errors of Express and body-parser carry a 4xx `status`, not always a `type`:
    // a path with broken %-escapes (URIError), a gzip body that does not inflate (zlib).
    if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
      return { status: error.status, message: error instanceof URIError ? 'Malformed URL encoding' : 'Bad request' };
    }
  }
  return { status: 500, message: 'Internal server error' };
}

function zodMessage(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
