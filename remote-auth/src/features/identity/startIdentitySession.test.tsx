import { waitFor } from '@testing-library/react';
import { bypass, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logoutRequested, selectIsSignedIn, selectSessionJwt, selectSessionKnown, selectUserLabel } from '@parcel-map/shared';
import { network, setupFakeNetwork } from '@parcel-map/shared/testing';
import { callSdk } from '@parcel-map/local-identity/src/testing/identityTestClient.ts';
import { currentPath, magicLinkTokenFor, renderAuthRoutes, startIdentityHarness, type IdentityHarness } from '../../testing/identityHarness.tsx';
import { getIdentityClient } from './identityClient.ts';

setupFakeNetwork();

let harness: IdentityHarness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await harness?.close();
  harness = undefined;
});

async function signIn(email: string) {
  const token = await magicLinkTokenFor(harness!, email);
  localStorage.setItem('user_email', email);
  renderAuthRoutes(harness!, `/authenticate?stytch_token_type=magic_links&token=${token}`);
  await waitFor(() => expect(currentPath()).toBe('/'));
  await waitFor(() => expect(selectIsSignedIn(harness!.store.getState())).toBe(true));
}

/** Makes local-identity fail this user's session refreshes (its dev hook). */
async function setFault(email: string, sessionsAuthenticate: string) {
  const response = await fetch(`${harness!.identity.baseUrl}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, sessionsAuthenticate }),
  });
  expect(response.status).toBe(200);
}

describe('identity session', () => {
  it('reports a known, signed-out state at once when there is no session', async () => {
    harness = await startIdentityHarness();
    const state = harness.store.getState();
    expect(selectSessionKnown(state)).toBe(true);
    expect(selectIsSignedIn(state)).toBe(false);
    expect(selectUserLabel(state)).toBe('User');
  });

  it("puts the user, the session and its JWT in the store; the menu label is the user's verified e-mail", async () => {
    harness = await startIdentityHarness();
    await signIn('labelled@example.com');
    const state = harness.store.getState();
    expect(selectUserLabel(state)).toBe('labelled@example.com');
    expect(selectSessionJwt(state)).toBe(getIdentityClient().session.getTokens()?.session_jwt);
    expect(state.session.session.value?.sessionId).toMatch(/^session-test-/);
  });

  it('logout revokes the session, clears every stored token key, the e-mail, the flag and the remembered path, and signs the store out', async () => {
    harness = await startIdentityHarness();
    await signIn('leaving@example.com');
    const sessionToken = getIdentityClient().session.getTokens()!.session_token;
    localStorage.setItem('session_token', 'legacy-copy');
    localStorage.setItem('return_to', JSON.stringify({ path: '/?pin=4605050123', at: Date.now() }));

    harness.store.dispatch(logoutRequested());

    await waitFor(() => expect(selectIsSignedIn(harness!.store.getState())).toBe(false));
    for (const key of ['session_jwt', 'session_token', 'stytch_session', 'stytch_session_jwt', 'is_logged_in', 'user_email', 'return_to']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(document.cookie).not.toMatch(/stytch_session/);
    expect(selectSessionJwt(harness.store.getState())).toBeNull();
    const refresh = await callSdk(harness.identity, '/sessions/authenticate', { body: {}, sessionToken });
    expect(await refresh.json()).toMatchObject({ error_type: 'session_not_found' });
  });

  it('reloads the page when another tab removes session_jwt, and not for other keys', async () => {
    harness = await startIdentityHarness();
    const reload = vi.fn();
    const realLocation = window.location;
    vi.stubGlobal('location', { ...realLocation, reload });
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_email', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'session_jwt', newValue: 'a.new.jwt' }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: 'session_jwt', oldValue: 'a.b.c', newValue: null }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("leaves refresh to the SDK's session manager: 503s keep the session, session_not_found signs the user out", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    harness = await startIdentityHarness({ env: { ENABLE_DEV_FAULTS: '1' } });
    const email = 'refreshing@example.com';
    await signIn(email);
    const sessionsAuthenticate: number[] = [];
    const refreshBodies: unknown[] = [];
    // Watched on the way to local-identity, which answers.
    network.use(
      http.post('*/sdk/v1/sessions/authenticate', async ({ request }) => {
        refreshBodies.push(await request.clone().json());
        const response = await fetch(bypass(request));
        sessionsAuthenticate.push(response.status);
        return response;
      }),
    );

    await setFault(email, 'unavailable');
    await vi.advanceTimersByTimeAsync(180_000);
    await vi.waitFor(() => expect(sessionsAuthenticate).toEqual([503]));
    // keepSessionAlive: each refresh asks to extend the session by the sign-in's 7 days.
    expect(refreshBodies).toEqual([{ session_duration_minutes: 10080 }]);
    await vi.advanceTimersByTimeAsync(4_200); // first retry: 2000·2¹ ± 175 ms
    await vi.waitFor(() => expect(sessionsAuthenticate).toEqual([503, 503]));
    expect(selectIsSignedIn(harness.store.getState())).toBe(true);

    await setFault(email, 'session_not_found');
    await vi.advanceTimersByTimeAsync(8_200); // second retry: 2000·2² ± 175 ms
    await vi.waitFor(() => expect(sessionsAuthenticate).toEqual([503, 503, 404]));
    await vi.waitFor(() => expect(selectIsSignedIn(harness!.store.getState())).toBe(false));
  });
});
