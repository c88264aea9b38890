// The RS256 key that signs session JWTs. It is generated once and kept under DATA_DIR because
// verifiers cache the JWKS (jose: 10 min, 30 s cooldown on unknown kid), so a new key per restart
// would make every outstanding JWT fail (STYTCH_NOTES §7.2).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'RS256';

const storedKeySchema = z.looseObject({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  n: z.string(),
  e: z.string(),
  d: z.string(),
});

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The JWKS entry verifiers fetch. */
  publicJwk: JWK;
}

export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const filePath = path.join(dataDir, 'signing-key.jwk.json');
  const storedJwk = fs.existsSync(filePath) ? readStoredKey(filePath) : await createAndStoreKey(filePath);
  const privateKey = await importJWK(storedJwk, ALGORITHM);
  if (privateKey instanceof Uint8Array) throw new Error(`local-identity: ${filePath} is not an RSA key`);
  return {
    kid: storedJwk.kid,
    privateKey,
    publicJwk: {
      kty: 'RSA',
      n: storedJwk.n,
      e: storedJwk.e,
      kid: storedJwk.kid,
      alg: ALGORITHM,
      use: 'sig',
      key_ops: ['verify'],
    },
  };
}

function readStoredKey(filePath: string): z.infer<typeof storedKeySchema> {
  const parsed = storedKeySchema.safeParse(JSON.parse(fs.readFileSync(filePath, 'utf8')));
  if (!parsed.success) {
    throw new Error(`local-identity: ${filePath} is not a private RSA JWK; delete it to generate a new key.`);
  }
  return parsed.data;
}

async function createAndStoreKey(filePath: string): Promise<z.infer<typeof storedKeySchema>> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const jwk = storedKeySchema.parse({ ...(await exportJWK(privateKey)), kid: `jwk-test-${randomUUID()}` });
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  try {
    // `wx`: never replace a key another process wrote in the meantime; use that one instead.
    fs.writeFileSync(filePath, JSON.stringify(jwk, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readStoredKey(filePath);
    throw error;
  }
  return jwk;
}
