// A stand-in identity provider for tests: an RS256 key pair whose JWKS is served over real HTTP, so
// the server's createRemoteJWKSet path is what every authenticated test exercises.
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { listenOnLoopback } from './listenOnLoopback.ts';

export const TEST_ISSUER = 'stytch.com/project-test-local';
export const TEST_AUDIENCE = 'project-test-local';
const KID = 'test-key-1';

export interface TestIdentity {
  jwksUrl: string;
  /** A Stytch-like session JWT for `sub`; options change what a test needs broken. */
  sign(sub: string, options?: SignOptions): Promise<string>;
  /** Same claims, signed with HMAC (must be refused). */
  signHs256(sub: string): Promise<string>;
  close(): Promise<void>;
}

interface SignOptions {
  audience?: string | string[];
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  typ?: string;
  extraClaims?: JWTPayload;
  /** Sign with a key the JWKS does not publish. */
  foreignKey?: boolean;
  /** The address of the session's magic-link factor, as Stytch puts it in the session claim. */
  email?: string;
}

export async function startTestIdentity(): Promise<TestIdentity> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };

  const { baseUrl, close } = await listenOnLoopback((req, res) => {
    if (req.url === '/v1/sessions/jwks/project-test-local') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });

  return {
    jwksUrl: `${baseUrl}/v1/sessions/jwks/project-test-local`,
    async sign(sub, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const factors = options.email === undefined ? [] : [{ type: 'magic_link', delivery_method: 'email', email_factor: { email_id: `email-${sub}`, email_address: options.email } }];
      return new SignJWT({ ...options.extraClaims, 'https://stytch.com/session': { id: `session-${sub}`, authentication_factors: factors } })
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: options.typ ?? 'JWT' })
        .setSubject(sub)
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setAudience(options.audience ?? [TEST_AUDIENCE])
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(options.foreignKey ? foreign.privateKey : privateKey);
    },
    async signHs256(sub) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', kid: KID, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(TEST_ISSUER)
        .setAudience([TEST_AUDIENCE])
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough-for-hs256'));
    },
    close,
  };
}
