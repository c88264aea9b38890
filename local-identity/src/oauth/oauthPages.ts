// The stand-in for the identity provider's sign-in screen that real Stytch would redirect to.
import { escapeHtml } from '../html/escapeHtml.ts';
import { htmlPage } from '../html/htmlPage.ts';

export interface ConsentPageFields {
  provider: string;
  providerType: string;
  /** The flow this form continues (oauthFlowStore.ts); its parameters stay on the server. */
  flowId: string;
  cancelUrl: string;
}

const DEFAULT_CONSENT_EMAIL = 'worker@example.com';

export function renderConsentPage(fields: ConsentPageFields): string {
  const providerType = escapeHtml(fields.providerType);
  return htmlPage(
    `Sign in with ${fields.providerType}`,
    `<h1>Sign in with ${providerType}</h1>
<p>Use your ${providerType} workplace account. <span class="muted">(local-identity: no password, any address works.)</span></p>
<form method="post" action="/v1/public/oauth/${encodeURIComponent(fields.provider)}/consent">
  <input type="hidden" name="flow" value="${escapeHtml(fields.flowId)}">
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
