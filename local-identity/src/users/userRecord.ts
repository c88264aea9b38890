import { z } from 'zod';

const oauthProviderLinkSchema = z.object({
  provider_type: z.string(),
  provider_subject: z.string(),
  oauth_user_registration_id: z.string(),
});

/** A user as stored: one e-mail address, plus the OAuth providers it has signed in with. */
export const userRecordSchema = z.object({
  user_id: z.string(),
  created_at: z.string(),
  email_id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  providers: z.array(oauthProviderLinkSchema),
});

export type OAuthProviderLink = z.infer<typeof oauthProviderLinkSchema>;
export type UserRecord = z.infer<typeof userRecordSchema>;
