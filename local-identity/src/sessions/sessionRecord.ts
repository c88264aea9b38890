import { z } from 'zod';

const sessionAttributesSchema = z.object({ ip_address: z.string(), user_agent: z.string() });

// Factor objects carry a method-specific key (`email_factor`, `microsoft_oauth_factor`, ...).
const authenticationFactorSchema = z.looseObject({
  type: z.string(),
  delivery_method: z.string(),
  last_authenticated_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A session as stored. Only a hash of the session token is kept, never the token itself. */
export const sessionRecordSchema = z.object({
  session_id: z.string(),
  session_token_hash: z.string(),
  user_id: z.string(),
  started_at: z.string(),
  last_accessed_at: z.string(),
  expires_at: z.string(),
  attributes: sessionAttributesSchema,
  authentication_factors: z.array(authenticationFactorSchema),
});

export type SessionAttributes = z.infer<typeof sessionAttributesSchema>;
export type AuthenticationFactor = z.infer<typeof authenticationFactorSchema>;
export type SessionRecord = z.infer<typeof sessionRecordSchema>;
