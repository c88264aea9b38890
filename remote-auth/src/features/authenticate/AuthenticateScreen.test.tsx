import { screen, waitFor } from '@testing-library/react';
import { bypass, http, HttpResponse, passthrough } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectIsSignedIn, selectSessionJwt } from '@parcel-map/shared';
import { network, setupFakeNetwork } from '@parcel-map/shared/testing';
import {
  consentTo,
  currentPath,
  magicLinkTokenFor,
  recordNavigation,
  renderAuthRoutes,
  startIdentityHarness,
  type IdentityHarness,
} from '../../testing/identityHarness.tsx';
import { startWorkplaceSignIn } from '../login/startWorkplaceSignIn.ts';

setupFakeNetwork();

let harness: IdentityHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
  harness = undefined;
});

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

function storeStaleLoginKeys() {
  localStorage.setItem('session_jwt', 'stale.jwt.value');
  localStorage.setItem('is_logged_in', 'true');
  localStorage.setItem('user_email', 'someone@example.com');
}

function expectLoginKeysCleared() {
  expect(localStorage.getItem('session_jwt')).toBeNull();
  expect(localStorage.getItem('is_logged_in')).toBeNull();
  expect(localStorage.getItem('user_email')).toBeNull();
}

async function expectLandsOnLogin() {
  await waitFor(() => expect(currentPath()).toBe('/login'));
  expectLoginKeysCleared();
}

describe('/authenticate', () => {
  it("shows the spinner with 'Authenticating...' and 'Verifying your login credentials.', then signs in with a magic link", async () => {
    harness = await startIdentityHarness();
    const token = await magicLinkTokenFor(harness, 'reader@example.com');
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=magic_links&token=${token}`);

    expect(screen.getByRole('status')).toHaveTextContent('Authenticating...');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your login credentials.');

    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.getByText('Signed-in app')).toBeInTheDocument();
    expect(localStorage.getItem('session_jwt')).toMatch(JWT);
    expect(localStorage.getItem('is_logged_in')).toBe('true');
    expect(selectIsSignedIn(harness.store.getState())).toBe(true);
    expect(selectSessionJwt(harness.store.getState())).toBe(localStorage.getItem('session_jwt'));
    // The SDK spent its PKCE pair on success.
    expect(localStorage.getItem(`${harness.sdkStatePrefix}::PKCE_VERIFIER:magic_links`)).toBeNull();
  });

  it('asks for a 7-day session (10080 minutes)', async () => {
    harness = await startIdentityHarness();
    const token = await magicLinkTokenFor(harness, 'week@example.com');
    const sent: unknown[] = [];
    network.use(
      http.post('*/sdk/v1/magic_links/authenticate', async ({ request }) => {
        sent.push(await request.clone().json());
        return passthrough();
      }),
    );
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=magic_links&token=${token}`);
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(sent).toEqual([expect.objectContaining({ token, session_duration_minutes: 10080, code_verifier: expect.stringMatching(/^[0-9a-f]+$/) })]);
  });

  it('accepts the token type in any case', async () => {
    harness = await startIdentityHarness();
    const token = await magicLinkTokenFor(harness, 'shouty@example.com');
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=MAGIC_Links&token=${token}`);
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('sends a missing token to /login without calling the identity service', async () => {
    harness = await startIdentityHarness();
    const authenticateCalls: string[] = [];
    network.use(
      http.all('*/authenticate', ({ request }) => {
        authenticateCalls.push(request.url);
        return passthrough();
      }),
    );
    renderAuthRoutes(harness, '/authenticate?stytch_token_type=magic_links');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(authenticateCalls).toEqual([]);
  });

  it('sends an unsupported token type to /login', async () => {
    harness = await startIdentityHarness();
    renderAuthRoutes(harness, '/authenticate?stytch_token_type=passwords&token=abc');
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('clears the login keys and goes to /login for an unknown, used or expired link', async () => {
    harness = await startIdentityHarness();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    storeStaleLoginKeys();
    const { unmount } = renderAuthRoutes(harness, '/authenticate?stytch_token_type=magic_links&token=never-issued');
    await expectLandsOnLogin();
    unmount();

    const expiring = await magicLinkTokenFor(harness, 'late@example.com');
    harness.identity.advanceClock(61); // Stytch's default link lifetime is 60 minutes
    storeStaleLoginKeys();
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=magic_links&token=${expiring}`);
    await expectLandsOnLogin();
    expect(selectIsSignedIn(harness.store.getState())).toBe(false);
  });

  it('fails with the PKCE error when the code verifier is missing', async () => {
    harness = await startIdentityHarness();
    const token = await magicLinkTokenFor(harness, 'lost-verifier@example.com');
    localStorage.removeItem(`${harness.sdkStatePrefix}::PKCE_VERIFIER:magic_links`);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeStaleLoginKeys();
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=magic_links&token=${token}`);
    await expectLandsOnLogin();
    expect(String(errors.mock.calls.find(([message]) => message === 'Authentication failed')?.[1])).toMatch(/pkce/i);
  });

  it('fails with the PKCE error when the code verifier is blank', async () => {
    harness = await startIdentityHarness();
    const token = await magicLinkTokenFor(harness, 'blank-verifier@example.com');
    const key = `${harness.sdkStatePrefix}::PKCE_VERIFIER:magic_links`;
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), code_verifier: '' }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=magic_links&token=${token}`);
    await expectLandsOnLogin();
    expect(String(errors.mock.calls.find(([message]) => message === 'Authentication failed')?.[1])).toMatch(/pkce/i);
  });

  async function oauthCallbackFor(email: string): Promise<URL> {
    const start = await recordNavigation(() => startWorkplaceSignIn('microsoft', 'http://localhost:3000/authenticate'));
    return consentTo(harness!, start, email);
  }

  it('signs in with an OAuth token (type in any case)', async () => {
    harness = await startIdentityHarness();
    const callback = await oauthCallbackFor('oauth-user@example.com');
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=OAuth&token=${callback.searchParams.get('token')}`);
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(localStorage.getItem('session_jwt')).toMatch(JWT);
    expect(localStorage.getItem(`${harness.sdkStatePrefix}::PKCE_VERIFIER:oauth`)).toBeNull();
  });

  it('fails OAuth with the PKCE error when the code verifier is missing', async () => {
    harness = await startIdentityHarness();
    const callback = await oauthCallbackFor('oauth-lost@example.com');
    localStorage.removeItem(`${harness.sdkStatePrefix}::PKCE_VERIFIER:oauth`);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeStaleLoginKeys();
    renderAuthRoutes(harness, callback.pathname + callback.search);
    await expectLandsOnLogin();
    expect(String(errors.mock.calls.find(([message]) => message === 'Authentication failed')?.[1])).toMatch(/pkce/i);
  });

  it('fails an OAuth token presented as a magic link (tokens of one kind only)', async () => {
    harness = await startIdentityHarness();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const token = await magicLinkTokenFor(harness, 'kind@example.com');
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=oauth&token=${token}`);
    await expectLandsOnLogin();
  });

  it('treats an answer without a session as a failure', async () => {
    harness = await startIdentityHarness();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const token = await magicLinkTokenFor(harness, 'no-session@example.com');
    // The one fake: the identity service's answer, changed at the network edge to lack a session.
    network.use(
      http.post('*/sdk/v1/magic_links/authenticate', async ({ request }) => {
        const body = (await (await fetch(bypass(request))).json()) as { data: Record<string, unknown> };
        return HttpResponse.json({ data: { ...body.data, session: null, session_token: '', session_jwt: '' } });
      }),
    );
    storeStaleLoginKeys();
    renderAuthRoutes(harness, `/authenticate?stytch_token_type=magic_links&token=${token}`);
    await expectLandsOnLogin();
  });
});
