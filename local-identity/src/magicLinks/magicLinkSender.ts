// Mints a sign-in token for an address and "sends" the link through the outbox.
import { StytchError } from '../http/stytchResponses.ts';
import { withStytchToken } from '../http/redirectUrl.ts';
import type { OneTimeTokenStore } from '../oneTimeTokens/oneTimeTokenStore.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SlidingWindowLimiter } from '../rateLimit/slidingWindowLimiter.ts';
import type { UserStore } from '../users/userStore.ts';

// Stytch's default when the SDK does not ask for a lifetime.
const DEFAULT_LINK_LIFETIME_MINUTES = 60;

export interface MagicLinkRequest {
  email: string;
  loginUrl: string;
  signupUrl: string;
  loginLifetimeMinutes: number | undefined;
  signupLifetimeMinutes: number | undefined;
  codeChallenge: string | undefined;
  clientIp: string;
}

export interface MagicLinkSenderDeps {
  users: UserStore;
  tokens: OneTimeTokenStore;
  outbox: Outbox;
  limitPerEmail: SlidingWindowLimiter;
  limitPerIp: SlidingWindowLimiter;
}

export function sendMagicLink(request: MagicLinkRequest, deps: MagicLinkSenderDeps, now: Date) {
  deps.tokens.requireChallengeIfRequired(request.codeChallenge);
  // The IP is checked first so one client cannot use up other people's per-address quota.
  const address = request.email.trim().toLowerCase();
  const refusedBy = !deps.limitPerIp.tryHit(request.clientIp) ? { limiter: deps.limitPerIp, key: request.clientIp }
    : !deps.limitPerEmail.tryHit(address) ? { limiter: deps.limitPerEmail, key: address }
    : undefined;
  if (refusedBy) {
    throw new StytchError(429, 'too_many_requests', 'Too many sign-in links were requested. Wait a minute and try again.', refusedBy.limiter.secondsUntilFree(refusedBy.key));
  }
  const { user, created } = deps.users.findOrCreateByEmail(request.email, now);
  // As at Stytch, an address that has never completed a sign-in gets the sign-up link.
  const isSignup = !user.email_verified;
  const token = deps.tokens.mint(
    {
      userId: user.user_id,
      codeChallenge: request.codeChallenge,
      lifetimeMinutes: (isSignup ? request.signupLifetimeMinutes : request.loginLifetimeMinutes) ?? DEFAULT_LINK_LIFETIME_MINUTES,
    },
    now,
  );
  deps.outbox.sendMagicLink(user.email, withStytchToken(isSignup ? request.signupUrl : request.loginUrl, 'magic_links', token), now);
  return { user_id: user.user_id, email_id: user.email_id, user_created: created };
}
