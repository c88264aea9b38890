// zod at the edge: turns an invalid body or query into a Stytch-style 400.
import type { z } from 'zod';
import { StytchError } from './stytchResponses.ts';

export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  // Stytch names the failure after the field (e.g. `invalid_email`); the SDK shows the message.
  const errorType = field === '' ? 'bad_request' : `invalid_${field}`;
  const message = field === '' ? (issue?.message ?? 'Invalid request.') : `${field}: ${issue?.message}`;
  throw new StytchError(400, errorType, message);
}
