import { Router } from 'express';
import { z } from 'zod';
import { requireSdkCredentials } from '../http/basicAuth.ts';
import { parseOrThrow } from '../http/parseRequest.ts';
import { sendSdkData, StytchError } from '../http/stytchResponses.ts';
import type { OneTimeTokenStore } from '../oneTimeTokens/oneTimeTokenStore.ts';
import { sessionDurationMinutesSchema } from '../sessions/sessionDuration.ts';
import { sessionAttributesOf, type SessionIssuer } from '../sessions/sessionIssuer.ts';
import { toStytchTimestamp, type Clock } from '../time/stytchTime.ts';
import type { OAuthProviderLink, UserRecord } from '../users/userRecord.ts';
import type { UserStore } from '../users/userStore.ts';
import { providerTypeOf } from './oauthProvider.ts';

const authenticateBodySchema = z.object({
  token: z.string().min(1),
  session_duration_minutes: sessionDurationMinutesSchema,
  code_verifier: z.string().optional(),
});

export interface OAuthAuthenticateRouterDeps {
  publicToken: string;
  oauthProvider: string;
  users: UserStore;
  tokens: OneTimeTokenStore;
  sessionIssuer: SessionIssuer;
  now: Clock;
}

export function oauthAuthenticateRouter(deps: OAuthAuthenticateRouterDeps): Router {
  const router = Router();
  router.post('/sdk/v1/oauth/authenticate', async (req, res) => {
    requireSdkCredentials(req, deps.publicToken);
    const body = parseOrThrow(authenticateBodySchema, req.body);
    const now = deps.now();
    const { userId } = deps.tokens.consume(body.token, body.code_verifier, now);
    const user = deps.users.get(userId);
    if (!user) throw oauthTokenInvalidError();
    const providerType = providerTypeOf(deps.oauthProvider);
    // The workplace provider vouches for the address, as Microsoft and Google do at Stytch.
    deps.users.markEmailVerified(user);
    const link = deps.users.linkOAuthProvider(user, providerType);
    const authenticated = await deps.sessionIssuer.startSession(
      {
        user,
        durationMinutes: body.session_duration_minutes,
        factor: oauthFactor(deps.oauthProvider, user, link, now),
        attributes: sessionAttributesOf(req),
      },
      now,
    );
    sendSdkData(res, {
      method_id: link.oauth_user_registration_id,
      oauth_user_registration_id: link.oauth_user_registration_id,
      provider_subject: link.provider_subject,
      provider_type: providerType,
      profile_picture_url: '',
      locale: '',
      provider_values: { access_token: '', id_token: '', refresh_token: '', scopes: [], expires_at: null },
      ...authenticated,
    });
  });
  return router;
}

export function oauthTokenInvalidError(): StytchError {
  return new StytchError(404, 'oauth_token_not_found', 'The OAuth token is unknown, was already used, or has expired. Sign in again.');
}

function oauthFactor(provider: string, user: UserRecord, link: OAuthProviderLink, now: Date) {
  const timestamp = toStytchTimestamp(now);
  return {
    type: 'oauth',
    delivery_method: `oauth_${provider}`,
    last_authenticated_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
    [`${provider}_oauth_factor`]: { id: link.oauth_user_registration_id, email_id: user.email_id, provider_subject: link.provider_subject },
  };
}
