// The stand-in for the identity provider's sign-in screen that real Stytch would redirect to.
import { escapeHtml } from '../html/escapeHtml.ts';
import { htmlPage } from '../html/htmlPage.ts';

export interface ConsentPageFields {
  provider: string;
  providerType: string;
  publicToken: string;
  codeChallenge: string | undefined;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  cancelUrl: string;
}

export const DEFAULT_CONSENT_EMAIL = 'worker@example.com';

export function renderConsentPage(fields: ConsentPageFields): string {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const providerType = escapeHtml(fields.providerType);
  return htmlPage(
    `Sign in with ${fields.providerType}`,
    `<h1>Sign in with ${providerType}</h1>
<p>Use your ${providerType} workplace account. <span class="muted">(local-identity: no password, any address works.)</span></p>
<form method="post" action="/v1/public/oauth/${encodeURIComponent(fields.provider)}/consent">
  ${hidden('public_token', fields.publicToken)}
  ${hidden('code_challenge', fields.codeChallenge)}
  ${hidden('login_redirect_url', fields.loginRedirectUrl)}
  ${hidden('signup_redirect_url', fields.signupRedirectUrl)}
  <label for="email">Work e-mail</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(DEFAULT_CONSENT_EMAIL)}">
  <button type="submit">Continue</button>
</form>
<p><a href="${escapeHtml(fields.cancelUrl)}">Cancel</a></p>`,
  );
}

export function renderOAuthErrorPage(title: string, message: string): string {
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
