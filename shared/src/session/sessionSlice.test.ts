import { describe, expect, it } from 'vitest';
import { makeStore } from '../store/makeStore.ts';
import { identityStateChanged, selectIsSignedIn, selectSessionJwt, selectSessionKnown, selectUserLabel } from './sessionSlice.ts';

const session = { sessionId: 's1', expiresAt: '2030-01-01T00:00:00Z' };

describe('session slice', () => {
  it('is unknown until the identity client reports', () => {
    const store = makeStore();
    expect(selectSessionKnown(store.getState())).toBe(false);
    store.dispatch(identityStateChanged({ user: null, session: null, sessionJwt: null, fromCache: false }));
    expect(selectSessionKnown(store.getState())).toBe(true);
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });

  it('is signed in only with both a user and a session, and keeps the JWT only with a session', () => {
    const store = makeStore();
    store.dispatch(identityStateChanged({ user: null, session, sessionJwt: 'jwt', fromCache: true }));
    expect(selectIsSignedIn(store.getState())).toBe(false);
    store.dispatch(
      identityStateChanged({ user: { userId: 'u', emails: [] }, session: null, sessionJwt: 'jwt', fromCache: false }),
    );
    expect(selectSessionJwt(store.getState())).toBeNull();
  });

  it("labels the user by verified e-mail, else the first e-mail, else 'User'", () => {
    const store = makeStore();
    const withEmails = (emails: { email: string; verified: boolean }[]) =>
      store.dispatch(identityStateChanged({ user: { userId: 'u', emails }, session, sessionJwt: 'jwt', fromCache: false }));
    withEmails([
      { email: 'first@example.com', verified: false },
      { email: 'verified@example.com', verified: true },
    ]);
    expect(selectUserLabel(store.getState())).toBe('verified@example.com');
    withEmails([{ email: 'first@example.com', verified: false }]);
    expect(selectUserLabel(store.getState())).toBe('first@example.com');
    withEmails([]);
    expect(selectUserLabel(store.getState())).toBe('User');
  });

  it('gives the Logout item what it needs: unknown while the identity client loads, signed out after logout', () => {
    const store = makeStore();
    // Loading: the item is disabled because the session is not known yet.
    expect(selectSessionKnown(store.getState())).toBe(false);
    expect(selectIsSignedIn(store.getState())).toBe(false);

    store.dispatch(
      identityStateChanged({ user: { userId: 'u', emails: [{ email: 'me@example.com', verified: true }] }, session, sessionJwt: 'jwt', fromCache: true }),
    );
    expect([selectSessionKnown(store.getState()), selectIsSignedIn(store.getState()), selectUserLabel(store.getState())]).toEqual([
      true,
      true,
      'me@example.com',
    ]);
    expect(store.getState().session.session.fromCache).toBe(true);

    // The SDK reports the session destroyed (logout or an unrecoverable refresh): disabled, 'User', no JWT.
    store.dispatch(identityStateChanged({ user: null, session: null, sessionJwt: null, fromCache: false }));
    expect([selectSessionKnown(store.getState()), selectIsSignedIn(store.getState()), selectUserLabel(store.getState())]).toEqual([
      true,
      false,
      'User',
    ]);
    expect(selectSessionJwt(store.getState())).toBeNull();
  });
});
