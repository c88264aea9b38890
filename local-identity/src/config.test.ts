import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIdentityConfig } from './config.ts';

describe('parseIdentityConfig', () => {
  it('uses the documented defaults', () => {
    const config = parseIdentityConfig({});
    expect(config).toMatchObject({
      port: 4100,
      projectId: 'project-test-local',
      publicToken: 'public-token-test-local',
      oauthProvider: 'microsoft',
      allowedOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
      allowedRedirectUrls: ['http://127.0.0.1:3000/authenticate', 'http://localhost:3000/authenticate'],
      devFaultsEnabled: false,
      sendLimitPerEmailPerMinute: 5,
      sendLimitPerIpPerMinute: 120,
    });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../.data/identity'));
  });

  it('treats an empty variable as unset', () => {
    expect(parseIdentityConfig({ PORT: '' }).port).toBe(4100);
  });

  it('reads ALLOWED_ORIGINS as a comma-separated list and ENABLE_DEV_FAULTS=1 as on', () => {
    const config = parseIdentityConfig({ ALLOWED_ORIGINS: 'http://localhost:3000, http://127.0.0.1:3000', ENABLE_DEV_FAULTS: '1' });
    expect(config.allowedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(config.allowedRedirectUrls).toEqual(['http://localhost:3000/authenticate', 'http://127.0.0.1:3000/authenticate']);
    expect(config.devFaultsEnabled).toBe(true);
  });

  it('reads the send limits per e-mail and per IP', () => {
    const config = parseIdentityConfig({ SEND_LIMIT_PER_EMAIL_PER_MINUTE: '2', SEND_LIMIT_PER_IP_PER_MINUTE: '40' });
    expect(config).toMatchObject({ sendLimitPerEmailPerMinute: 2, sendLimitPerIpPerMinute: 40 });
    expect(() => parseIdentityConfig({ SEND_LIMIT_PER_IP_PER_MINUTE: '0' })).toThrow(/SEND_LIMIT_PER_IP_PER_MINUTE/);
  });

  it('refuses to start with a live public token', () => {
    expect(() => parseIdentityConfig({ PUBLIC_TOKEN: 'public-token-live-1234' })).toThrow(/live Stytch public token/);
  });

  it('refuses to start with a live project id', () => {
    expect(() => parseIdentityConfig({ PROJECT_ID: 'project-live-1234' })).toThrow(/live Stytch project id/);
  });

  it('names the bad variable', () => {
    expect(() => parseIdentityConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
