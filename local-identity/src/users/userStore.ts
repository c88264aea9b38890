import { randomUUID } from 'node:crypto';
import type { IdentityStateFile } from '../state/identityStateFile.ts';
import { toStytchTimestamp } from '../time/stytchTime.ts';
import type { OAuthProviderLink, UserRecord } from './userRecord.ts';

export interface FoundOrCreatedUser {
  user: UserRecord;
  created: boolean;
}

/** Users keyed by their (case-insensitive) e-mail address. Every change is persisted at once. */
export class UserStore {
  constructor(private readonly stateFile: IdentityStateFile) {}

  get(userId: string): UserRecord | undefined {
    return this.stateFile.state.users.find((user) => user.user_id === userId);
  }

  findOrCreateByEmail(email: string, now: Date): FoundOrCreatedUser {
    const normalizedEmail = normalizeEmail(email);
    const existing = this.stateFile.state.users.find((user) => user.email === normalizedEmail);
    if (existing) return { user: existing, created: false };
    const user: UserRecord = {
      user_id: `user-test-${randomUUID()}`,
      created_at: toStytchTimestamp(now),
      email_id: `email-test-${randomUUID()}`,
      email: normalizedEmail,
      email_verified: false,
      providers: [],
    };
    this.stateFile.state.users.push(user);
    this.stateFile.persist();
    return { user, created: true };
  }

  markEmailVerified(user: UserRecord): void {
    if (user.email_verified) return;
    user.email_verified = true;
    this.stateFile.persist();
  }

  /** The user's link to an OAuth provider, created on first use so provider_subject stays stable. */
  linkOAuthProvider(user: UserRecord, providerType: string): OAuthProviderLink {
    const existing = user.providers.find((link) => link.provider_type === providerType);
    if (existing) return existing;
    const link: OAuthProviderLink = {
      provider_type: providerType,
      provider_subject: randomUUID(),
      oauth_user_registration_id: `oauth-user-test-${randomUUID()}`,
    };
    user.providers.push(link);
    this.stateFile.persist();
    return link;
  }
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
