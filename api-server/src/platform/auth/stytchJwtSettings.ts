// Production mode is configuration: a Stytch project id alone says where the JWKS lives and what
// the session JWT's issuer and audience are (STYTCH_NOTES §7.2–7.3).
/** Where session JWTs' keys are published, and the issuer and audience they must carry. */
export interface JwtSettings {
  jwksUrl: string;
  jwtIssuer: string;
  jwtAudience: string;
}

const STYTCH_TEST_API = 'https://test.stytch.com';
const STYTCH_LIVE_API = 'https://api.stytch.com';
const LIVE_PROJECT_PREFIX = 'project-live-';
export const STYTCH_PROJECT_ID_PATTERN = /^project-(test|live)-[A-Za-z0-9-]+$/;

/** Stytch's API for a project: live ids on api.stytch.com, everything else on test.stytch.com. */
function stytchApiBaseUrl(projectId: string): string {
  return projectId.startsWith(LIVE_PROJECT_PREFIX) ? STYTCH_LIVE_API : STYTCH_TEST_API;
}

/**
 * JWKS URL, issuer and audience of a Stytch project, as the `stytch` Node SDK derives them.
 * `apiBaseUrl` replaces Stytch's host (a custom domain, or a test double); the path stays Stytch's.
 */
export function stytchJwtSettings(projectId: string, apiBaseUrl: string = stytchApiBaseUrl(projectId)): JwtSettings {
  if (!STYTCH_PROJECT_ID_PATTERN.test(projectId)) {
    throw new Error(`STYTCH_PROJECT_ID must look like project-test-… or project-live-…, got '${projectId}'`);
  }
  const base = apiBaseUrl.replace(/\/+$/, '');
  return {
    jwksUrl: `${base}/v1/sessions/jwks/${encodeURIComponent(projectId)}`,
    jwtIssuer: `stytch.com/${projectId}`,
    jwtAudience: projectId,
  };
}

/**
 * With STYTCH_PROJECT_ID set, the Stytch settings win over JWKS_URL / JWT_ISSUER / JWT_AUDIENCE
 * (STYTCH_API_BASE_URL optionally overrides Stytch's host); without it, undefined: the explicit
 * variables (local-identity by default) apply.
 */
export function jwtSettingsFromEnv(env: NodeJS.ProcessEnv): JwtSettings | undefined {
  const projectId = env.STYTCH_PROJECT_ID?.trim();
  if (!projectId) return undefined;
  const baseUrl = env.STYTCH_API_BASE_URL?.trim();
  return stytchJwtSettings(projectId, baseUrl || undefined);
}
