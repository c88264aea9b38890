// Browser-facing OAuth flow: GET start shows a consent page, POST consent redirects back to the
// app with a single-use token, as real Stytch does after the identity provider (STYTCH_NOTES §3d).
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import { httpUrlSchema, withStytchToken } from '../http/redirectUrl.ts';
import { HTML_PAGE_CSP } from '../html/htmlPage.ts';
import type { OneTimeTokenStore } from '../oneTimeTokens/oneTimeTokenStore.ts';
import type { Clock } from '../time/stytchTime.ts';
import type { UserStore } from '../users/userStore.ts';
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

const consentFormSchema = startParamsSchema.extend({ email: z.email() });

type StartParams = z.infer<typeof startParamsSchema>;

export interface OAuthStartRouterDeps {
  publicToken: string;
  oauthProvider: string;
  users: UserStore;
  tokens: OneTimeTokenStore;
  now: Clock;
}

export function oauthStartRouter(deps: OAuthStartRouterDeps): Router {
  const router = Router();

  router.get('/v1/public/oauth/:provider/start', (req, res) => {
    const params = checkFlow(req.params.provider, startParamsSchema.safeParse(req.query), deps, res);
    if (!params) return;
    sendPage(
      res,
      200,
      renderConsentPage({
        provider: deps.oauthProvider,
        providerType: providerTypeOf(deps.oauthProvider),
        publicToken: params.public_token,
        codeChallenge: params.code_challenge,
        loginRedirectUrl: params.login_redirect_url,
        signupRedirectUrl: params.signup_redirect_url ?? params.login_redirect_url,
        cancelUrl: new URL('/login', params.login_redirect_url).toString(),
      }),
    );
  });

  // The form comes back from the browser, so everything is validated again.
  router.post('/v1/public/oauth/:provider/consent', express.urlencoded({ extended: false }), (req, res) => {
    const form = checkFlow(req.params.provider, consentFormSchema.safeParse(req.body ?? {}), deps, res);
    if (!form) return;
    const now = deps.now();
    const { user, created } = deps.users.findOrCreateByEmail(form.email, now);
    deps.users.linkOAuthProvider(user, providerTypeOf(deps.oauthProvider));
    const token = deps.tokens.mint(
      { userId: user.user_id, codeChallenge: form.code_challenge, lifetimeMinutes: OAUTH_TOKEN_LIFETIME_MINUTES },
      now,
    );
    // As at Stytch, a user created by this sign-in goes to the sign-up redirect.
    const redirectUrl = created ? (form.signup_redirect_url ?? form.login_redirect_url) : form.login_redirect_url;
    res.set('Cache-Control', 'no-store').redirect(302, withStytchToken(redirectUrl, 'oauth', token));
  });

  return router;
}

/** The validated parameters, or undefined after an error page has been sent. */
function checkFlow<Params extends StartParams>(
  provider: string | undefined,
  parsed: z.ZodSafeParseResult<Params>,
  deps: OAuthStartRouterDeps,
  res: Response,
): Params | undefined {
  if (provider !== deps.oauthProvider) {
    sendPage(res, 404, renderOAuthErrorPage('Unknown sign-in provider', `This service only offers "${deps.oauthProvider}".`));
    return undefined;
  }
  if (!parsed.success) {
    sendPage(res, 400, renderOAuthErrorPage('Invalid sign-in request', z.prettifyError(parsed.error)));
    return undefined;
  }
  if (parsed.data.public_token !== deps.publicToken) {
    sendPage(res, 400, renderOAuthErrorPage('Invalid sign-in request', 'The public token is not this project\'s.'));
    return undefined;
  }
  return parsed.data;
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set({ 'Content-Security-Policy': HTML_PAGE_CSP, 'Cache-Control': 'no-store' }).type('html').send(html);
}
