import { describe, expect, it } from 'vitest';
import { jwtSettingsFromEnv, stytchJwtSettings } from './stytchJwtSettings.ts';

describe('Stytch JWT settings from the project id', () => {
  it('reads a test project from test.stytch.com', () => {
    expect(jwtSettingsFromEnv({ STYTCH_PROJECT_ID: 'project-test-11111111-2222-3333-4444-555555555555' })).toEqual({
      jwksUrl: 'https://test.stytch.com/v1/sessions/jwks/project-test-11111111-2222-3333-4444-555555555555',
      jwtIssuer: 'stytch.com/project-test-11111111-2222-3333-4444-555555555555',
      jwtAudience: 'project-test-11111111-2222-3333-4444-555555555555',
    });
  });

  it('reads a live project from api.stytch.com', () => {
    expect(stytchJwtSettings('project-live-abc').jwksUrl).toBe('https://api.stytch.com/v1/sessions/jwks/project-live-abc');
  });

  it('keeps Stytch\'s path under STYTCH_API_BASE_URL (custom domain or test double)', () => {
    expect(jwtSettingsFromEnv({ STYTCH_PROJECT_ID: 'project-test-abc', STYTCH_API_BASE_URL: 'https://login.example.com/' })?.jwksUrl).toBe(
      'https://login.example.com/v1/sessions/jwks/project-test-abc',
    );
  });

  it('leaves the explicit JWKS_URL settings alone without a project id', () => {
    expect(jwtSettingsFromEnv({ JWKS_URL: 'http://127.0.0.1:4100/v1/sessions/jwks/project-test-local' })).toBeUndefined();
    expect(jwtSettingsFromEnv({ STYTCH_PROJECT_ID: '' })).toBeUndefined();
  });

  it('refuses something that is not a project id', () => {
    expect(() => jwtSettingsFromEnv({ STYTCH_PROJECT_ID: 'public-token-test-abc' })).toThrow(/STYTCH_PROJECT_ID/);
  });
});
