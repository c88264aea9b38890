import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../platform/http/rateLimits.ts';
import { parseApiConfig } from './config.ts';

describe('parseApiConfig', () => {
  it('uses the embedded defaults', () => {
    const config = parseApiConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      jwksUrl: 'http://127.0.0.1:4100/v1/sessions/jwks/project-test-local',
      jwtIssuer: 'stytch.com/project-test-local',
      jwtAudience: 'project-test-local',
      corsOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
      jwtMaxLifetimeSeconds: 300,
      publicBaseUrl: undefined,
      trustProxy: undefined,
    });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../.data/pglite'));
  });

  it('serves parcel tiles to sessions only and limits request rates unless told otherwise', () => {
    const config = parseApiConfig({});
    expect(config.publicParcelTiles).toBe(false);
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('reads PUBLIC_PARCEL_TILES and each rate limit from the environment', () => {
    const config = parseApiConfig({
      PUBLIC_PARCEL_TILES: 'true',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      RATE_LIMIT_SEARCH_PER_USER: '50',
      RATE_LIMIT_SAVED_PARCEL_WRITES_PER_ADDRESS: '5000',
    });
    expect(config.publicParcelTiles).toBe(true);
    expect(config.rateLimits.windowSeconds).toBe(30);
    expect(config.rateLimits.routes.search).toEqual({ perUser: 50, perAddress: DEFAULT_RATE_LIMITS.routes.search.perAddress });
    expect(config.rateLimits.routes.savedParcelWrites).toEqual({ perUser: DEFAULT_RATE_LIMITS.routes.savedParcelWrites.perUser, perAddress: 5000 });
    expect(parseApiConfig({ RATE_LIMITS: 'off' }).rateLimits.enabled).toBe(false);
    expect(() => parseApiConfig({ RATE_LIMIT_DETAILS_PER_USER: '0' })).toThrow(/RATE_LIMIT_DETAILS_PER_USER/);
    expect(() => parseApiConfig({ PUBLIC_PARCEL_TILES: 'yes' })).toThrow(/PUBLIC_PARCEL_TILES/);
  });

  it('reads the environment and treats empty variables as unset', () => {
    const config = parseApiConfig({
      PORT: '4010',
      PORT_UNUSED: '',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      LOG_LEVEL: '',
    });
    expect(config.port).toBe(4010);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.logLevel).toBe('info');
  });

  it('reads DATABASE_READ_URL as a list of PostgreSQL replicas, only beside DATABASE_URL', () => {
    const primary = 'postgres://postgres@10.0.0.1:5432/parcels';
    expect(parseApiConfig({}).databaseReadUrls).toEqual([]);
    expect(parseApiConfig({ DATABASE_URL: primary }).databaseReadUrls).toEqual([]);
    expect(parseApiConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://postgres@10.0.0.2:5432/parcels, postgresql://postgres@10.0.0.3:5432/parcels' }).databaseReadUrls).toEqual([
      'postgres://postgres@10.0.0.2:5432/parcels',
      'postgresql://postgres@10.0.0.3:5432/parcels',
    ]);
    expect(() => parseApiConfig({ DATABASE_READ_URL: 'postgres://postgres@10.0.0.2:5432/parcels' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => parseApiConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://10.0.0.2/parcels' })).toThrow(/DATABASE_READ_URL/);
    expect(() => parseApiConfig({ DATABASE_URL: primary, DATABASE_READ_URL: ' , ' })).toThrow(/DATABASE_READ_URL/);
  });

  it('reads TRUST_PROXY as a list and JWT_MAX_LIFETIME_SECONDS as seconds', () => {
    expect(parseApiConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8', PUBLIC_BASE_URL: 'https://maps.example.org', JWT_MAX_LIFETIME_SECONDS: '600' })).toMatchObject({
      trustProxy: ['loopback', '10.0.0.0/8'],
      publicBaseUrl: 'https://maps.example.org',
      jwtMaxLifetimeSeconds: 600,
    });
    expect(() => parseApiConfig({ JWT_MAX_LIFETIME_SECONDS: '0' })).toThrow(/JWT_MAX_LIFETIME_SECONDS/);
  });

  it('refuses TRUST_PROXY without PUBLIC_BASE_URL, as `npm start` with PUBLIC_ORIGIN never leaves it', () => {
    expect(() => parseApiConfig({ TRUST_PROXY: 'loopback' })).toThrow(/PUBLIC_BASE_URL must be set when TRUST_PROXY is/);
    expect(() => parseApiConfig({ TRUST_PROXY: 'loopback', PUBLIC_BASE_URL: '' })).toThrow(/PUBLIC_BASE_URL must be set when TRUST_PROXY is/);
    expect(parseApiConfig({ TRUST_PROXY: '', PUBLIC_BASE_URL: '' })).toMatchObject({ trustProxy: undefined, publicBaseUrl: undefined });
  });

  it('serves no /metrics and gives running requests 10 s at shutdown unless told otherwise', () => {
    expect(parseApiConfig({})).toMatchObject({ metricsToken: undefined, shutdownGraceMs: 10_000 });
    expect(parseApiConfig({ METRICS_TOKEN: 'a-scrapers-secret-token', SHUTDOWN_GRACE_SECONDS: '25' })).toMatchObject({ metricsToken: 'a-scrapers-secret-token', shutdownGraceMs: 25_000 });
    expect(() => parseApiConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseApiConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => parseApiConfig({ SHUTDOWN_GRACE_SECONDS: '2.5' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('counts limits in this process unless REDIS_URL names a Redis, and refuses a REDIS_URL that is not one', () => {
    expect(parseApiConfig({}).redisUrl).toBeUndefined();
    expect(parseApiConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(parseApiConfig({ REDIS_URL: 'rediss://cache.example.com:6380/2' }).redisUrl).toBe('rediss://cache.example.com:6380/2');
    expect(() => parseApiConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => parseApiConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });

  it('fails fast with a clear message', () => {
    expect(() => parseApiConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/invalid environment[\s\S]*PORT[\s\S]*DATABASE_URL/);
  });

  it("takes the JWKS URL, issuer and audience from a Stytch project id: production is configuration", () => {
    expect(parseApiConfig({ STYTCH_PROJECT_ID: 'project-live-abc-123' })).toMatchObject({
      jwksUrl: 'https://api.stytch.com/v1/sessions/jwks/project-live-abc-123',
      jwtIssuer: 'stytch.com/project-live-abc-123',
      jwtAudience: 'project-live-abc-123',
    });
    expect(parseApiConfig({ STYTCH_PROJECT_ID: 'project-test-xyz' }).jwksUrl).toBe(
      'https://test.stytch.com/v1/sessions/jwks/project-test-xyz',
    );
    expect(() => parseApiConfig({ STYTCH_PROJECT_ID: 'not-a-project' })).toThrow(/STYTCH_PROJECT_ID/);
  });
});
