// Production mode is configuration: without a local API URL the SDK gets no `endpoints` option and
// talks to Stytch itself. The network is faked only at its edge (MSW), to see where calls go.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { network, setupFakeNetwork } from '@parcel-map/shared/testing';
import { createIdentityClient } from './identityClient.ts';

setupFakeNetwork();

afterEach(() => {
  vi.restoreAllMocks();
});

async function firstSdkCallUrl(identity: Parameters<typeof createIdentityClient>[0]): Promise<string> {
  const urls: string[] = [];
  // Every host, local-identity's included: the SDK reaches no server in these tests.
  network.use(
    http.all('*', ({ request }) => {
      urls.push(request.url);
      return HttpResponse.json({ status_code: 503, error_type: 'unavailable', error_message: 'offline test' }, { status: 503 });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const client = createIdentityClient(identity);
  await client.magicLinks.email
    .loginOrCreate('someone@example.com', { login_magic_link_url: 'https://app.example.com/authenticate', signup_magic_link_url: 'https://app.example.com/authenticate' })
    .catch(() => undefined);
  const sdkCall = urls.find((url) => url.includes('/sdk/v1/magic_links/'));
  if (!sdkCall) throw new Error(`no magic-link call among ${urls.join(', ')}`);
  return sdkCall;
}

describe('identity client', () => {
  it('talks to test.stytch.com for a Stytch test token when no local API is configured', async () => {
    const url = await firstSdkCallUrl({ publicToken: 'public-token-test-0b5e3c1d-prod-mode-1', oauthProvider: 'microsoft' });
    expect(url).toBe('https://test.stytch.com/sdk/v1/magic_links/email/login_or_create');
  });

  it('talks to api.stytch.com for a live token', async () => {
    const url = await firstSdkCallUrl({ publicToken: 'public-token-live-0b5e3c1d-prod-mode-2', oauthProvider: 'microsoft' });
    expect(url).toBe('https://api.stytch.com/sdk/v1/magic_links/email/login_or_create');
  });

  it('talks to local-identity, port and all, when a local API URL is configured', async () => {
    const url = await firstSdkCallUrl({
      publicToken: 'public-token-test-0b5e3c1d-local-mode-3',
      localApiUrl: 'http://127.0.0.1:4100',
      oauthProvider: 'microsoft',
    });
    expect(url).toBe('http://127.0.0.1:4100/sdk/v1/magic_links/email/login_or_create');
  });
});
