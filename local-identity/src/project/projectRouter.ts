// What every `new StytchClient()` fetches (bootstrap) and posts (telemetry) on page load.
import { Router } from 'express';
import { sendSdkData, StytchError } from '../http/stytchResponses.ts';

/** The project's PKCE settings: told to the SDK by the bootstrap, enforced by the token stores. */
export const PKCE_REQUIRED = { emailMagicLinks: true, oauth: true } as const;

/**
 * The bootstrap the notes verified with SDK 6.3.0 (STYTCH_NOTES §3a). password_config and
 * captcha_settings must be present or sends fail; cname_domain must be null or OAuth leaves for it.
 */
function bootstrapData() {
  return {
    project_name: 'Local Dev',
    disable_sdk_watermark: true,
    cname_domain: null,
    email_domains: [],
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: PKCE_REQUIRED.emailMagicLinks,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: PKCE_REQUIRED.oauth,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: null,
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: null,
    rbac_policy: { roles: [], resources: [] },
    siwe_required_for_crypto_wallets: false,
    vertical: 'CONSUMER',
  };
}

export function projectRouter({ publicToken }: { publicToken: string }): Router {
  const router = Router();
  router.get('/sdk/v1/projects/bootstrap/:publicToken', (req, res) => {
    if (req.params.publicToken !== publicToken) {
      throw new StytchError(404, 'public_token_not_found', 'No project has this public token.');
    }
    sendSdkData(res, bootstrapData());
  });
  // Telemetry batches; the SDK ignores the answer and any failure.
  router.post('/sdk/v1/events', (_req, res) => {
    res.json({});
  });
  return router;
}
