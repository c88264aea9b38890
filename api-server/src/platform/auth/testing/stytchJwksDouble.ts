// A test double of Stytch's JWKS endpoint: serves `GET /v1/sessions/jwks/{project_id}` over real
// HTTP in Stytch's response shape, counts the fetches, and signs tokens with the keys it publishes
// (or with keys it does not), so tests exercise the API's real remote-JWKS path.
import { randomUUID } from 'node:crypto';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { listenOnLoopback } from '../../../testing/listenOnLoopback.ts';

interface KeyPair {
  kid: string;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  jwk: JWK;
}

interface TokenOptions {
  sub?: string;
  issuer?: string;
  audience?: string | string[];
  /** Seconds relative to now. */
  issuedAt?: number;
  notBefore?: number;
  expiresIn?: number;
  kid?: string;
  typ?: string;
  /** Sign with a fresh key the JWKS never publishes, under the published kid. */
  unpublishedKey?: boolean;
}

export interface StytchJwksDouble {
  baseUrl: string;
  projectId: string;
  /** Paths requested so far, in order. */
  fetches: string[];
  currentKid(): string;
  /** Publishes a new signing key (and keeps the old one, as Stytch does during a rotation). */
  rotate(): Promise<string>;
  sign(options?: TokenOptions, extraClaims?: JWTPayload): Promise<string>;
  /** The current public key as PEM, for the "HMAC keyed with the public key" attack. */
  publicKeyPem(): Promise<string>;
  close(): Promise<void>;
}

async function newKeyPair(): Promise<KeyPair> {
  const kid = `jwk-test-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig', key_ops: ['verify'] };
  return { kid, publicKey, privateKey, jwk };
}

export async function startStytchJwksDouble(projectId = 'project-test-6f1c2e9a-0b1d-4c3e-9f00-5a1b2c3d4e5f'): Promise<StytchJwksDouble> {
  const keys: KeyPair[] = [await newKeyPair()];
  const unpublished = await newKeyPair();
  const fetches: string[] = [];
  const jwksPath = `/v1/sessions/jwks/${projectId}`;

  const { baseUrl, close } = await listenOnLoopback((req, res) => {
    fetches.push(req.url ?? '');
    if (req.method === 'GET' && req.url === jwksPath) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: keys.map((key) => key.jwk), request_id: `request-id-test-${randomUUID()}`, status_code: 200 }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error_type":"not_found"}');
  });
  const current = () => keys.at(-1)!;

  return {
    baseUrl,
    projectId,
    fetches,
    currentKid: () => current().kid,
    async rotate() {
      keys.push(await newKeyPair());
      return current().kid;
    },
    async sign(options = {}, extraClaims = {}) {
      const now = Math.floor(Date.now() / 1000);
      const key = current();
      return new SignJWT({ 'https://stytch.com/session': { id: `session-test-${randomUUID()}` }, ...extraClaims })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid, typ: options.typ ?? 'JWT' })
        .setSubject(options.sub ?? 'user-test-1')
        .setIssuer(options.issuer ?? `stytch.com/${projectId}`)
        .setAudience(options.audience ?? [projectId])
        .setIssuedAt(now + (options.issuedAt ?? 0))
        .setNotBefore(now + (options.notBefore ?? 0))
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(options.unpublishedKey ? unpublished.privateKey : key.privateKey);
    },
    publicKeyPem: () => exportSPKI(current().publicKey),
    close,
  };
}
