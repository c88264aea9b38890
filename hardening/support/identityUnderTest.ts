// The real local-identity app on a free port (its test harness: temp data directory, settable clock)
// and users signed in through it the way the browser does — magic link from the outbox, PKCE — so
// the API under test verifies genuine session JWTs against the identity's JWKS over HTTP.
import { stytchJwtSettings, type JwtSettings } from '../../api-server/src/platform/auth/stytchJwtSettings.ts';
import { callSdk, signInWithMagicLink, type AuthenticatedData } from '../../local-identity/src/testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '../../local-identity/src/testing/startTestIdentity.ts';

// Session JWTs live 5 minutes; a fuzz run may outlast one.
const REFRESH_AFTER_MS = 3 * 60_000;

export interface SignedInUser {
  email: string;
  userId: string;
  sessionToken: string;
  /** A session JWT no older than three minutes (refreshed through sessions/authenticate). */
  jwt(): Promise<string>;
}

export interface IdentityUnderTest {
  identity: TestIdentity;
  /** What the API must be configured with to trust this identity. */
  jwt: JwtSettings;
  /** Signs in now, or `minutesAgo` in the past (the identity's clock is set back for the sign-in). */
  signIn(email: string, options?: { minutesAgo?: number }): Promise<SignedInUser>;
  /** sessions/revoke with the user's session token, as logout does. */
  revoke(user: SignedInUser): Promise<void>;
  /** sessions/authenticate: the new JWT, or the identity's refusal. */
  refresh(user: SignedInUser): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startIdentityUnderTest(): Promise<IdentityUnderTest> {
  const identity = await startTestIdentity();
  // The harness's clock stands still unless moved: keep it on the wall clock, plus any shift asked for.
  let identityTime = Date.now();
  const setClock = (time: number) => {
    identity.advanceClock((time - identityTime) / 60_000);
    identityTime = time;
  };
  const authenticate = (user: Pick<SignedInUser, 'sessionToken'>) => {
    setClock(Date.now());
    return callSdk(identity, '/sessions/authenticate', { body: {}, sessionToken: user.sessionToken });
  };

  return {
    identity,
    jwt: stytchJwtSettings(identity.config.projectId, identity.baseUrl),
    async signIn(email, { minutesAgo = 0 } = {}) {
      setClock(Date.now() - minutesAgo * 60_000);
      const signedIn = await signInWithMagicLink(identity, email);
      setClock(Date.now());
      let current = { jwt: signedIn.session_jwt, at: Date.now() };
      const user: SignedInUser = {
        email,
        userId: signedIn.user_id,
        sessionToken: signedIn.session_token,
        async jwt() {
          if (Date.now() - current.at > REFRESH_AFTER_MS) {
            const response = await authenticate(user);
            if (response.status !== 200) throw new Error(`session refresh failed: ${response.status} ${await response.text()}`);
            current = { jwt: ((await response.json()) as { data: AuthenticatedData }).data.session_jwt, at: Date.now() };
          }
          return current.jwt;
        },
      };
      return user;
    },
    async revoke(user) {
      setClock(Date.now());
      const response = await callSdk(identity, '/sessions/revoke', { body: {}, sessionToken: user.sessionToken });
      if (response.status !== 200) throw new Error(`revoke failed: ${response.status} ${await response.text()}`);
    },
    async refresh(user) {
      const response = await authenticate(user);
      return { status: response.status, body: await response.text() };
    },
    close: () => identity.close(),
  };
}
