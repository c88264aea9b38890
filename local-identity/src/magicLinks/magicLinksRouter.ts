import { Router } from 'express';
import { z } from 'zod';
import { requireSdkCredentials } from '../http/basicAuth.ts';
import { parseOrThrow } from '../http/parseRequest.ts';
import { httpUrlSchema, isAllowedRedirectUrl } from '../http/redirectUrl.ts';
import { sendSdkData, StytchError } from '../http/stytchResponses.ts';
import { sessionDurationMinutesSchema } from '../sessions/sessionDuration.ts';
import { sessionAttributesOf, type SessionIssuer } from '../sessions/sessionIssuer.ts';
import { toStytchTimestamp, type Clock } from '../time/stytchTime.ts';
import type { UserRecord } from '../users/userRecord.ts';
import { sendMagicLink, type MagicLinkSenderDeps } from './magicLinkSender.ts';

const linkLifetimeMinutesSchema = z.number().int().min(5).max(10_080);

// The SDK spreads the caller's options first, then adds email, code_challenge, captcha_token and
// dfp_telemetry_id; fields not listed here are accepted and ignored.
const sendBodySchema = z.object({
  email: z.email(),
  login_magic_link_url: httpUrlSchema,
  signup_magic_link_url: httpUrlSchema,
  login_expiration_minutes: linkLifetimeMinutesSchema.optional(),
  signup_expiration_minutes: linkLifetimeMinutesSchema.optional(),
  code_challenge: z.string().min(1).optional(),
});

const authenticateBodySchema = z.object({
  token: z.string().min(1),
  session_duration_minutes: sessionDurationMinutesSchema,
  code_verifier: z.string().optional(),
});

export interface MagicLinksRouterDeps extends MagicLinkSenderDeps {
  publicToken: string;
  allowedRedirectUrls: readonly string[];
  sessionIssuer: SessionIssuer;
  now: Clock;
}

// `send/primary` and `send/secondary` are answered like login_or_create: the product only uses
// login_or_create, and creating the user keeps the dev flow forgiving.
const SEND_PATHS = [
  '/sdk/v1/magic_links/email/login_or_create',
  '/sdk/v1/magic_links/email/send/primary',
  '/sdk/v1/magic_links/email/send/secondary',
];

export function magicLinksRouter(deps: MagicLinksRouterDeps): Router {
  const router = Router();

  router.post(SEND_PATHS, (req, res) => {
    requireSdkCredentials(req, deps.publicToken);
    const body = parseOrThrow(sendBodySchema, req.body);
    for (const url of [body.login_magic_link_url, body.signup_magic_link_url]) {
      if (!isAllowedRedirectUrl(url, deps.allowedRedirectUrls)) {
        throw new StytchError(400, 'no_match_for_provided_magic_link_url', `${url} is not one of this project's redirect URLs (ALLOWED_REDIRECT_URLS).`);
      }
    }
    const sent = sendMagicLink(
      {
        email: body.email,
        loginUrl: body.login_magic_link_url,
        signupUrl: body.signup_magic_link_url,
        loginLifetimeMinutes: body.login_expiration_minutes,
        signupLifetimeMinutes: body.signup_expiration_minutes,
        codeChallenge: body.code_challenge,
        clientIp: sessionAttributesOf(req).ip_address,
      },
      deps,
      deps.now(),
    );
    sendSdkData(res, sent);
  });

  router.post('/sdk/v1/magic_links/authenticate', async (req, res) => {
    requireSdkCredentials(req, deps.publicToken);
    const body = parseOrThrow(authenticateBodySchema, req.body);
    const now = deps.now();
    const { userId } = deps.tokens.consume(body.token, body.code_verifier, now);
    const user = deps.users.get(userId);
    if (!user) throw magicLinkInvalidError();
    deps.users.markEmailVerified(user);
    const authenticated = await deps.sessionIssuer.startSession(
      {
        user,
        durationMinutes: body.session_duration_minutes,
        factor: emailFactor(user, now),
        attributes: sessionAttributesOf(req),
      },
      now,
    );
    sendSdkData(res, { method_id: user.email_id, ...authenticated });
  });

  return router;
}

export function magicLinkInvalidError(): StytchError {
  return new StytchError(
    401,
    'unable_to_auth_magic_link',
    'The magic link could not be authenticated: it is unknown, was already used, or has expired. Request a new one.',
  );
}

function emailFactor(user: UserRecord, now: Date) {
  const timestamp = toStytchTimestamp(now);
  return {
    type: 'magic_link',
    delivery_method: 'email',
    last_authenticated_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
    email_factor: { email_id: user.email_id, email_address: user.email },
  };
}
