// The two body shapes the Stytch SDK understands (STYTCH_NOTES §2): `{data}` on success and a
// top-level error object otherwise. The SDK only honours error types from a JSON content type.
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

export function newRequestId(): string {
  return `request-id-test-${randomUUID()}`;
}

/** A failure the SDK should see as a Stytch API error; `errorType` drives its logout logic. */
export class StytchError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorType: string,
    message: string,
    /** A 429's Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'StytchError';
  }
}

interface StytchErrorBody {
  status_code: number;
  request_id: string;
  error_type: string;
  error_message: string;
  error_url: string;
}

function stytchErrorBody(error: StytchError): StytchErrorBody {
  return {
    status_code: error.statusCode,
    request_id: newRequestId(),
    error_type: error.errorType,
    error_message: error.message,
    error_url: `https://stytch.com/docs/api/errors/${error.statusCode}#${error.errorType}`,
  };
}

export function sendStytchError(res: Response, error: StytchError): void {
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  res.status(error.statusCode).type('application/json').send(JSON.stringify(stytchErrorBody(error)));
}

/** Wraps an SDK payload as `{data}` and adds the request_id/status_code every Stytch reply carries. */
export function sendSdkData(res: Response, payload: object): void {
  res.status(200).json({ data: { request_id: newRequestId(), status_code: 200, ...payload } });
}
