// Component-test support: the real @stytch/vanilla-js SDK in jsdom talking over real HTTP to a real
// in-process local-identity, wired through the remote's own startIdentitySession into a fresh store.
import { render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore, parseRuntimeConfig, runtimeConfigLoaded, type AppStore, type RuntimeConfig } from '@parcel-map/shared';
import { latestMagicLinkToken, startOAuthFlow, submitOAuthConsent } from '@parcel-map/local-identity/src/testing/identityTestClient.ts';
import { startTestIdentity, type TestIdentity } from '@parcel-map/local-identity/src/testing/startTestIdentity.ts';
import { AuthenticateScreen } from '../features/authenticate/AuthenticateScreen.tsx';
import { getIdentityClient } from '../features/identity/identityClient.ts';
import { startIdentitySession } from '../features/identity/startIdentitySession.ts';
import { LoginScreen } from '../features/login/LoginScreen.tsx';

export interface IdentityHarness {
  identity: TestIdentity;
  config: RuntimeConfig;
  store: AppStore;
  /** The SDK's localStorage key prefix for this harness's public token. */
  sdkStatePrefix: string;
  close(): Promise<void>;
}

let harnessCount = 0;

/**
 * Each harness gets its own public token: the SDK keeps one data layer per token in memory, so a
 * fresh token is a fresh SDK state even though the module stays loaded between tests.
 */
export async function startIdentityHarness(
  { env = {}, identity: identityOverrides = {} }: { env?: NodeJS.ProcessEnv; identity?: Partial<RuntimeConfig['identity']> } = {},
): Promise<IdentityHarness> {
  harnessCount += 1;
  const publicToken = `public-token-test-harness-${harnessCount}-${Date.now()}`;
  const identity = await startTestIdentity({ env: { PUBLIC_TOKEN: publicToken, ...env } });
  const config = parseRuntimeConfig({
    remotes: {
      remote_auth: 'http://127.0.0.1:9/mf-manifest.json',
      remote_map: 'http://127.0.0.1:9/mf-manifest.json',
      remote_saved_parcels: 'http://127.0.0.1:9/mf-manifest.json',
      remote_data: 'http://127.0.0.1:9/mf-manifest.json',
    },
    apiBaseUrl: 'http://127.0.0.1:9',
    identity: { publicToken, localApiUrl: identity.baseUrl, oauthProvider: 'microsoft', ...identityOverrides },
    map: { accessToken: 'offline', styles: [{ id: 's', name: 'S', url: 'http://127.0.0.1:9/s.json' }], defaultStyleId: 's', parcelTilesUrl: 'x' },
  });
  const store = makeStore();
  store.dispatch(runtimeConfigLoaded(config));
  const stop = startIdentitySession({ store, config });
  return {
    identity,
    config,
    store,
    sdkStatePrefix: `stytch_sdk_state_${publicToken}`,
    async close() {
      stop();
      // Ends the SDK's refresh timer for this token before its server goes away.
      const client = getIdentityClient();
      if (client.session.getSync()) await client.session.revoke({ forceClear: true }).catch(() => undefined);
      await identity.close();
      clearSessionCookies();
    },
  };
}

function clearSessionCookies() {
  for (const name of ['stytch_session', 'stytch_session_jwt', 'stytch_intermediate_session_token']) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function CurrentPath() {
  const location = useLocation();
  return <pre data-testid="current-path">{location.pathname + location.search}</pre>;
}

/** Where the router is now (pathname and query). */
export const currentPath = () => screen.getByTestId('current-path').textContent;

/** The remote's screens at their routes, plus a stand-in for the signed-in app at '/'. */
export function renderAuthRoutes(harness: IdentityHarness, path: string) {
  return render(
    <Provider store={harness.store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/authenticate" element={<AuthenticateScreen />} />
          <Route path="/" element={<p>Signed-in app</p>} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  );
}

/** Asks local-identity for a link the way the login card does, and returns its token. */
export async function magicLinkTokenFor(harness: IdentityHarness, email: string): Promise<string> {
  await getIdentityClient().magicLinks.email.loginOrCreate(email, {
    login_magic_link_url: `${window.location.origin}/authenticate`,
    signup_magic_link_url: `${window.location.origin}/authenticate`,
  });
  return latestMagicLinkToken(harness.identity, email);
}

/**
 * Runs `startFlow` (which makes the SDK navigate to the OAuth start URL) with the browser's
 * navigation recorded instead of performed: jsdom cannot leave the page, so this is its edge.
 */
export async function recordNavigation(startFlow: () => Promise<unknown>): Promise<URL> {
  let navigatedTo: string | undefined;
  const realLocation = window.location;
  const recordingLocation = new Proxy(realLocation, {
    get: (target, property) => {
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_target, property, value: string) => {
      if (property !== 'href') return false;
      navigatedTo = value;
      return true;
    },
  });
  vi.stubGlobal('location', recordingLocation);
  try {
    await startFlow();
    await waitFor(() => expect(navigatedTo).toBeDefined());
  } finally {
    vi.unstubAllGlobals();
  }
  return new URL(navigatedTo!);
}

/** Opens the start URL and posts local-identity's consent form as the browser would; returns the app URL it redirects to. */
export async function consentTo(harness: IdentityHarness, start: URL, email: string): Promise<URL> {
  const flow = await startOAuthFlow(start);
  const consent = await submitOAuthConsent(`${harness.identity.baseUrl}/v1/public/oauth/${harness.config.identity.oauthProvider}/consent`, flow, email);
  if (consent.status !== 302) throw new Error(`consent answered ${consent.status}`);
  return new URL(consent.headers.get('location')!);
}
