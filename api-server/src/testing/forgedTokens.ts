// The forged and broken session tokens of the sign-in issue (#3 point 6), for any RS256 issuer whose
// signing key a test holds (a JWKS double, or local-identity's key). The API must answer each with
// 401. Used by the token-check tests and by the hardening access check.
import { exportSPKI, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface IssuingKey {
  kid: string;
  privateKey: CryptoKey;
  /** The JWKS entry verifiers fetch. */
  publicJwk: JWK;
  issuer: string;
  audience: string;
}

export interface ForgedToken {
  /** What is wrong with it, e.g. 'alg none'. */
  name: string;
  /** The Authorization header to send; undefined sends none. */
  authorization: string | undefined;
}

/** Beyond the API's 30 s of clock tolerance. */
const BEYOND_SKEW_SECONDS = 90;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token (`alg: none`) with the given claims and header fields. */
export function unsignedToken(claims: JWTPayload, header: Record<string, unknown> = {}): string {
  return `${b64url({ alg: 'none', typ: 'JWT', ...header })}.${b64url(claims)}.`;
}

/** The algorithm-confusion attack: HS256 with the published RSA public key (PEM) as the HMAC secret. */
export function hs256WithPublicKey(claims: JWTPayload, kid: string, publicKeyPem: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(new TextEncoder().encode(publicKeyPem));
}

/** The token with claims changed after signing: the signature no longer covers the payload. */
export function withTamperedPayload(token: string, changes: JWTPayload): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as JWTPayload;
  return [header, b64url({ ...claims, ...changes }), signature].join('.');
}

async function publicKeyPemOf(publicJwk: JWK): Promise<string> {
  const key = await importJWK(publicJwk, 'RS256');
  if (key instanceof Uint8Array) throw new Error('not an RSA public key');
  return exportSPKI(key);
}

/** Stytch-shaped session claims for `sub`, valid now unless `times` moves them (seconds from now). */
function sessionClaims(key: IssuingKey, sub: string, times: { iat?: number; nbf?: number; exp?: number } = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    'https://stytch.com/session': { id: `session-forged-${sub}` },
    sub,
    iss: key.issuer,
    aud: [key.audience],
    iat: now + (times.iat ?? 0),
    nbf: now + (times.nbf ?? 0),
    exp: now + (times.exp ?? 300),
  };
}

function signed(claims: JWTPayload, privateKey: CryptoKey, header: { kid: string; typ?: string }): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: header.kid, typ: header.typ ?? 'JWT' }).sign(privateKey);
}

/**
 * Every forged case, each claiming to be `victim` (so an accepted one would reach the victim's data).
 * `attacker` is a real user of the issuer whose genuine token is tampered with.
 */
export async function forgedTokens(key: IssuingKey, victim: string, attackerToken: string): Promise<ForgedToken[]> {
  const bearer = (token: string) => `Bearer ${token}`;
  const claims = sessionClaims(key, victim);
  const unpublished = await generateKeyPair('RS256');
  return [
    { name: 'no token', authorization: undefined },
    { name: 'garbage', authorization: bearer('garbage') },
    { name: 'three garbage segments', authorization: bearer('a.b.c') },
    { name: 'a valid token under another scheme', authorization: `Basic ${attackerToken}` },
    { name: 'alg none', authorization: bearer(unsignedToken(claims, { kid: key.kid })) },
    { name: 'HS256 keyed with the public key', authorization: bearer(await hs256WithPublicKey(claims, key.kid, await publicKeyPemOf(key.publicJwk))) },
    { name: 'signed with an unpublished key under the published kid', authorization: bearer(await signed(claims, unpublished.privateKey, { kid: key.kid })) },
    {
      name: 'expired beyond the clock skew',
      authorization: bearer(await signed(sessionClaims(key, victim, { iat: -400, nbf: -400, exp: -BEYOND_SKEW_SECONDS }), key.privateKey, { kid: key.kid })),
    },
    { name: 'not yet valid beyond the clock skew', authorization: bearer(await signed(sessionClaims(key, victim, { nbf: BEYOND_SKEW_SECONDS }), key.privateKey, { kid: key.kid })) },
    { name: 'another issuer', authorization: bearer(await signed({ ...claims, iss: 'stytch.com/project-test-someone-else' }, key.privateKey, { kid: key.kid })) },
    { name: 'another audience', authorization: bearer(await signed({ ...claims, aud: ['project-test-someone-else'] }, key.privateKey, { kid: key.kid })) },
    { name: 'typ not JWT', authorization: bearer(await signed(claims, key.privateKey, { kid: key.kid, typ: 'at+jwt' })) },
    { name: "another user's token with its subject changed", authorization: bearer(withTamperedPayload(attackerToken, { sub: victim })) },
  ];
}
