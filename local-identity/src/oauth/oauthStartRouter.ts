// Browser-facing OAuth flow: GET start shows a consent page, POST consent redirects back to the
// app with a single-use token, as real Stytch does after the identity provider (STYTCH_NOTES §3d).
// What start was asked for stays on the server (oauthFlowStore.ts); the consent form names the flow
// and is taken only from the browser that started it.
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { httpUrlSchema, isAllowedRedirectUrl, withStytchToken } from '../http/redirectUrl.ts';
import { StytchError } from '../http/stytchResponses.ts';
import { HTML_PAGE_CSP } from '../html/htmlPage.ts';
import type { OneTimeTokenStore } from '../oneTimeTokens/oneTimeTokenStore.ts';
import type { SlidingWindowLimiter } from '../rateLimit/slidingWindowLimiter.ts';
import { sessionAttributesOf } from '../sessions/sessionIssuer.ts';
import type { Clock } from '../time/stytchTime.ts';
import type { UserStore } from '../users/userStore.ts';
import { flowCookieName, OAUTH_FLOW_COOKIE_PATH, OAUTH_FLOW_LIFETIME_MINUTES, type OAuthFlowStore } from './oauthFlowStore.ts';
import { renderConsentPage, renderOAuthErrorPage } from './oauthPages.ts';
import { providerTypeOf } from './oauthProvider.ts';

// Real Stytch lets an OAuth token live ten minutes; the browser redeems it within a second.
const OAUTH_TOKEN_LIFETIME_MINUTES = 10;

// The SDK also sends custom_scopes, provider_* and oauth_attach_token; they are ignored.
const startParamsSchema = z.object({
  public_token: z.string(),
  code_challenge: z.string().min(1).optional(),
  login_redirect_url: httpUrlSchema,
  signup_redirect_url: httpUrlSchema.optional(),
});

const consentFormSchema = z.object({ flow: z.string().min(1), email: z.email() });

export interface OAuthStartRouterDeps {
  publicToken: string;
  oauthProvider: string;
  allowedRedirectUrls: readonly string[];
  users: UserStore;
  tokens: OneTimeTokenStore;
  flows: OAuthFlowStore;
  /** Consents per client IP: each mints a sign-in token, so a script cannot mint them without end. */
  limitConsentsPerIp: SlidingWindowLimiter;
  now: Clock;
}

export function oauthStartRouter(deps: OAuthStartRouterDeps): Router {
  const router = Router();

  router.get('/v1/public/oauth/:provider/start', (req, res) => {
    if (!isOurProvider(req.params.provider, deps, res)) return;
    const parsed = startParamsSchema.safeParse(req.query);
    if (!parsed.success) return invalidRequest(res, z.prettifyError(parsed.error));
    const params = parsed.data;
    if (params.public_token !== deps.publicToken) return invalidRequest(res, "The public token is not this project's.");
    const signupRedirectUrl = params.signup_redirect_url ?? params.login_redirect_url;
    const foreign = [params.login_redirect_url, signupRedirectUrl].find((url) => !isAllowedRedirectUrl(url, deps.allowedRedirectUrls));
    if (foreign !== undefined) return invalidRequest(res, `${foreign} is not one of this project's redirect URLs (ALLOWED_REDIRECT_URLS).`);
    try {
      deps.tokens.requireChallengeIfRequired(params.code_challenge);
    } catch (error) {
      if (error instanceof StytchError) return invalidRequest(res, error.message);
      throw error;
    }
    const { flowId, browserSecret } = deps.flows.start(
      { codeChallenge: params.code_challenge, loginRedirectUrl: params.login_redirect_url, signupRedirectUrl },
      deps.now(),
    );
    res.cookie(flowCookieName(flowId), browserSecret, {
      httpOnly: true,
      sameSite: 'strict',
      path: OAUTH_FLOW_COOKIE_PATH,
      maxAge: OAUTH_FLOW_LIFETIME_MINUTES * 60_000,
    });
    sendPage(
      res,
      200,
      renderConsentPage({
        provider: deps.oauthProvider,
        providerType: providerTypeOf(deps.oauthProvider),
        flowId,
        cancelUrl: new URL('/login', params.login_redirect_url).toString(),
      }),
    );
  });

  router.post('/v1/public/oauth/:provider/consent', express.urlencoded({ extended: false }), (req, res) => {
    if (!isOurProvider(req.params.provider, deps, res)) return;
    const clientIp = sessionAttributesOf(req).ip_address;
    if (!deps.limitConsentsPerIp.tryHit(clientIp)) {
      res.set('Retry-After', String(deps.limitConsentsPerIp.secondsUntilFree(clientIp)));
      return sendPage(res, 429, renderOAuthErrorPage('Too many sign-ins', 'Too many sign-ins were made from here. Wait a minute and try again.'));
    }
    const parsed = consentFormSchema.safeParse(req.body ?? {});
    if (!parsed.success) return invalidRequest(res, z.prettifyError(parsed.error));
    const { flow: flowId, email } = parsed.data;
    const now = deps.now();
    const flow = deps.flows.take(flowId, cookieValue(req, flowCookieName(flowId)), now);
    res.clearCookie(flowCookieName(flowId), { path: OAUTH_FLOW_COOKIE_PATH });
    if (!flow) {
      return sendPage(res, 400, renderOAuthErrorPage('Sign-in expired', 'This sign-in was not started in this browser, was already used, or has expired. Start again from the app.'));
    }
    const { user, created } = deps.users.findOrCreateByEmail(email, now);
    deps.users.linkOAuthProvider(user, providerTypeOf(deps.oauthProvider));
    const token = deps.tokens.mint({ userId: user.user_id, codeChallenge: flow.codeChallenge, lifetimeMinutes: OAUTH_TOKEN_LIFETIME_MINUTES }, now);
    // As at Stytch, a user created by this sign-in goes to the sign-up redirect.
    const redirectUrl = created ? flow.signupRedirectUrl : flow.loginRedirectUrl;
    res.set('Cache-Control', 'no-store').redirect(302, withStytchToken(redirectUrl, 'oauth', token));
  });

  return router;
}

function isOurProvider(provider: string | undefined, deps: OAuthStartRouterDeps, res: Response): boolean {
  if (provider === deps.oauthProvider) return true;
  sendPage(res, 404, renderOAuthErrorPage('Unknown sign-in provider', `This service only offers "${deps.oauthProvider}".`));
  return false;
}

function invalidRequest(res: Response, message: string): void {
  sendPage(res, 400, renderOAuthErrorPage('Invalid sign-in request', message));
}

/** One cookie of the request (no cookie parser: this is the only cookie the service reads). */
function cookieValue(req: Request, name: string): string | undefined {
  for (const pair of (req.get('cookie') ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set({ 'Content-Security-Policy': HTML_PAGE_CSP, 'Cache-Control': 'no-store' }).type('html').send(html);
}
