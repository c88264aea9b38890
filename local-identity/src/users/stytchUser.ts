import type { UserRecord } from './userRecord.ts';

/** The User object as the SDK stores it (STYTCH_NOTES §3c). */
export function toStytchUser(user: UserRecord) {
  return {
    user_id: user.user_id,
    created_at: user.created_at,
    status: 'active',
    name: { first_name: '', middle_name: '', last_name: '' },
    emails: [{ email_id: user.email_id, email: user.email, verified: user.email_verified }],
    phone_numbers: [],
    providers: user.providers.map((link) => ({
      provider_type: link.provider_type,
      provider_subject: link.provider_subject,
      oauth_user_registration_id: link.oauth_user_registration_id,
      profile_picture_url: '',
      locale: '',
    })),
    webauthn_registrations: [],
    biometric_registrations: [],
    totps: [],
    crypto_wallets: [],
    password: null,
    trusted_metadata: {},
    untrusted_metadata: {},
    roles: [],
  };
}
