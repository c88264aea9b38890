// Single-use, expiring tokens that a magic link or an OAuth redirect carries back to the SDK.
// Kept in memory only: a restart voids links not yet clicked, which is the safe direction.
import { timingSafeEqual } from 'node:crypto';
import { StytchError } from '../http/stytchResponses.ts';
import { newOpaqueToken } from '../secrets/opaqueToken.ts';
import { addMinutes } from '../time/stytchTime.ts';
import { pkceChallengeFor } from './pkce.ts';

export interface PendingToken {
  userId: string;
  codeChallenge: string | undefined;
  expiresAt: Date;
}

/** Tokens of one kind; each kind has its own store so a magic-link token can't be used for OAuth. */
export class OneTimeTokenStore {
  private readonly pending = new Map<string, PendingToken>();

  /**
   * `invalidTokenError` builds the kind-specific error for an unknown, used or expired token;
   * `pkceRequired` is what the project's bootstrap tells the SDK for this kind of flow.
   */
  constructor(
    private readonly invalidTokenError: () => StytchError,
    private readonly pkceRequired: boolean,
  ) {}

  /**
   * Refuses a flow started without a code_challenge when the project requires PKCE: its token could
   * be redeemed without a verifier, by whoever holds the link (as real Stytch, the SDK always sends one).
   */
  requireChallengeIfRequired(codeChallenge: string | undefined): void {
    if (this.pkceRequired && codeChallenge === undefined) {
      throw new StytchError(400, 'pkce_required', 'This project requires PKCE: start the sign-in with a code_challenge.');
    }
  }

  mint(
    { userId, codeChallenge, lifetimeMinutes }: { userId: string; codeChallenge: string | undefined; lifetimeMinutes: number },
    now: Date,
  ): string {
    this.requireChallengeIfRequired(codeChallenge);
    this.dropExpired(now);
    const token = newOpaqueToken();
    this.pending.set(token, { userId, codeChallenge, expiresAt: addMinutes(now, lifetimeMinutes) });
    return token;
  }

  /**
   * Spends the token. A PKCE mismatch does not spend it, so the SDK's retry with its other stored
   * verifier (passwords pair first, then magic_links pair) can still succeed.
   */
  consume(token: string, codeVerifier: string | undefined, now: Date): PendingToken {
    const pendingToken = this.pending.get(token);
    if (!pendingToken || pendingToken.expiresAt.getTime() <= now.getTime()) {
      this.pending.delete(token);
      throw this.invalidTokenError();
    }
    if (pendingToken.codeChallenge !== undefined && !verifierMatches(codeVerifier, pendingToken.codeChallenge)) {
      // The SDK falls back to another stored verifier only when the message contains "pkce".
      throw new StytchError(400, 'pkce_mismatch', 'The pkce code_verifier does not match the code_challenge of this token.');
    }
    this.pending.delete(token);
    return pendingToken;
  }

  private dropExpired(now: Date): void {
    for (const [token, pendingToken] of this.pending) {
      if (pendingToken.expiresAt.getTime() <= now.getTime()) this.pending.delete(token);
    }
  }
}

function verifierMatches(codeVerifier: string | undefined, codeChallenge: string): boolean {
  if (codeVerifier === undefined || codeVerifier.trim() === '') return false;
  const actual = Buffer.from(pkceChallengeFor(codeVerifier));
  const expected = Buffer.from(codeChallenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
