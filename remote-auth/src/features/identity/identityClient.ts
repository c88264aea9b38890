// The one Stytch client of the app. Offline it talks to local-identity through the SDK's
// `endpoints` option (customBaseUrl forces https and drops the port; STYTCH_NOTES §1).
import { StytchClient, type StytchClientOptions } from '@stytch/vanilla-js/headless';
import type { RuntimeConfig } from '@parcel-map/shared';

/** Session length asked for at sign-in: 7 days (SPEC §9). */
export const SESSION_DURATION_MINUTES = 10080;

let client: StytchClient | null = null;

export function createIdentityClient(identity: RuntimeConfig['identity']): StytchClient {
  // keepSessionAlive: the SDK's 3-minute refresh sends the sign-in's session_duration_minutes
  // (SPEC §7), so an open app keeps extending its 7-day session instead of running it out.
  const options: StytchClientOptions = identity.localApiUrl
    ? ({
        keepSessionAlive: true,
        endpoints: { testAPIURL: identity.localApiUrl, liveAPIURL: identity.localApiUrl },
      } as StytchClientOptions)
    : { keepSessionAlive: true };
  client = new StytchClient(identity.publicToken, options);
  return client;
}

export function getIdentityClient(): StytchClient {
  if (!client) throw new Error('Identity client not started');
  return client;
}
