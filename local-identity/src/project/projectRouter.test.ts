import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing/startTestIdentity.ts';

let identity: TestIdentity;
beforeEach(async () => {
  identity = await startTestIdentity();
});
afterEach(() => identity.close());

describe('project bootstrap and telemetry', () => {
  it('answers bootstrap with the shape SDK 6.3.0 needs', async () => {
    const response = await fetch(`${identity.baseUrl}/sdk/v1/projects/bootstrap/public-token-test-local`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      status_code: 200,
      cname_domain: null,
      captcha_settings: { enabled: false },
      pkce_required_for_email_magic_links: true,
      pkce_required_for_oauth: true,
      password_config: null,
      dfp_protected_auth_enabled: false,
      rbac_policy: { roles: [], resources: [] },
      vertical: 'CONSUMER',
    });
    expect(data).toHaveProperty('password_config');
    expect(data.request_id).toMatch(/^request-id-test-/);
  });

  it('rejects bootstrap for another public token with a JSON error body', async () => {
    const response = await fetch(`${identity.baseUrl}/sdk/v1/projects/bootstrap/public-token-test-other`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ status_code: 404, error_type: 'public_token_not_found' });
  });

  it('accepts and ignores telemetry batches', async () => {
    const response = await fetch(`${identity.baseUrl}/sdk/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ telemetry: {}, event: { event_name: 'sdk_instance_instantiated' } }]),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('answers unknown routes with a Stytch error body', async () => {
    const response = await fetch(`${identity.baseUrl}/sdk/v1/nothing/here`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
  });
});
