// Authentication state shared by every remote (SPEC §3 'Authentication state'). remote-auth owns the
// identity client and reports what it sees; everyone else only reads.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthUser {
  userId: string;
  emails: { email: string; verified: boolean }[];
}

export interface AuthSession {
  sessionId: string;
  expiresAt: string;
}

interface Tracked<T> {
  value: T | null;
  fromCache: boolean;
  isInitialized: boolean;
}

export interface SessionState {
  user: Tracked<AuthUser>;
  session: Tracked<AuthSession>;
  sessionJwt: string | null;
}

export interface IdentitySnapshot {
  user: AuthUser | null;
  session: AuthSession | null;
  sessionJwt: string | null;
  fromCache: boolean;
}

const initialState: SessionState = {
  user: { value: null, fromCache: false, isInitialized: false },
  session: { value: null, fromCache: false, isInitialized: false },
  sessionJwt: null,
};

/** Any tab or remote asks to end the session; remote-auth carries it out. */
export const logoutRequested = createAction('session/logoutRequested');

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    identityStateChanged: (state, action: PayloadAction<IdentitySnapshot>) => {
      const { user, session, sessionJwt, fromCache } = action.payload;
      state.user = { value: user, fromCache, isInitialized: true };
      state.session = { value: session, fromCache, isInitialized: true };
      state.sessionJwt = session ? sessionJwt : null;
    },
  },
  selectors: {
    selectSessionKnown: (state) => state.session.isInitialized && state.user.isInitialized,
    selectIsSignedIn: (state) => state.session.value !== null && state.user.value !== null,
    selectSessionJwt: (state) => state.sessionJwt,
    selectUserLabel: (state) => {
      const emails = state.user.value?.emails ?? [];
      return emails.find((e) => e.verified)?.email ?? emails[0]?.email ?? 'User';
    },
  },
});

export const { identityStateChanged } = sessionSlice.actions;
export const { selectSessionKnown, selectIsSignedIn, selectSessionJwt, selectUserLabel } = sessionSlice.selectors;
