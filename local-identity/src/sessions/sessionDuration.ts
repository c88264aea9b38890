import { z } from 'zod';

// Stytch accepts 5 minutes up to 366 days; the SDK insists the field is present on authenticate.
export const sessionDurationMinutesSchema = z.number().int().min(5).max(527_040);
