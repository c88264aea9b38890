import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { identityStateChanged } from '../session/sessionSlice.ts';
import { makeTestStore, network, setupFakeNetwork, testConfig } from '../testing/storeTesting.tsx';
import { baseApi } from './baseApi.ts';

setupFakeNetwork();

const thingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ getThing: build.query<unknown, void>({ query: () => ({ path: '/api/thing', requireAuth: true }) }) }),
});

/** A JWT of the identity service's shape whose exp is `secondsLeft` from now (its signature is the API's business). */
function jwtExpiringIn(secondsLeft: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + secondsLeft })}.signature`;
}

const signedInWith = (sessionJwt: string) =>
  identityStateChanged({ user: { userId: 'u1', emails: [] }, session: { sessionId: 's1', expiresAt: '2099-01-01T00:00:00Z' }, sessionJwt, fromCache: false });

/** The Authorization header of each /api/thing request the server receives, in order. */
function authorizationsSent(): (string | null)[] {
  const sent: (string | null)[] = [];
  network.use(
    http.get(`${testConfig.apiBaseUrl}/api/thing`, ({ request }) => {
      sent.push(request.headers.get('Authorization'));
      return HttpResponse.json({ ok: true });
    }),
  );
  return sent;
}

describe('the API client and the session JWT', () => {
  it('does not send a JWT past its expiry: it waits for the identity client to refresh it, then sends the fresh one', async () => {
    const sent = authorizationsSent();
    const store = makeTestStore();
    const expired = jwtExpiringIn(-60);
    store.dispatch(signedInWith(expired));
    const answer = store.dispatch(thingApi.endpoints.getThing.initiate());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual([]);
    const fresh = jwtExpiringIn(300);
    store.dispatch(signedInWith(fresh));
    expect((await answer).data).toEqual({ ok: true });
    expect(sent).toEqual([`Bearer ${fresh}`]);
  });

  it('sends a live JWT at once', async () => {
    const sent = authorizationsSent();
    const store = makeTestStore();
    const live = jwtExpiringIn(240);
    store.dispatch(signedInWith(live));
    expect((await store.dispatch(thingApi.endpoints.getThing.initiate())).data).toEqual({ ok: true });
    expect(sent).toEqual([`Bearer ${live}`]);
  });
});
