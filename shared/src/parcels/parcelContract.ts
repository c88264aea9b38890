// The rule a parcel identifier follows on the wire: the API validates path parameters and saved
// parcels with it, and the importer refuses a county's PIN that the API could not serve.
import * as z from 'zod/mini';

export const PIN_PATTERN = /^[A-Za-z0-9._-]+$/;
export const PIN_MAX_LENGTH = 64;

export const pinSchema = z.string().check(
  z.minLength(1, 'pin is required'),
  z.maxLength(PIN_MAX_LENGTH, `pin must be at most ${PIN_MAX_LENGTH} characters`),
  z.regex(PIN_PATTERN, 'pin may contain only letters, digits, ".", "_" and "-"'),
);
