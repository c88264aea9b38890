import { embeddedIdentity } from './embeddedIdentity.ts';

const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('embeddedIdentity', () => {
  it('is signed out without a JWT', () => {
    expect(embeddedIdentity(null)).toEqual({ user: null, session: null, sessionJwt: null, fromCache: false });
    expect(embeddedIdentity('')).toMatchObject({ session: null, sessionJwt: null });
  });

  it('reads the subject, expiry and e-mail from the JWT claims', () => {
    const jwt = `h.${base64Url({ sub: 'user-1', exp: 4_102_444_800, email: 'a@example.com', sid: 'session-1' })}.s`;
    expect(embeddedIdentity(jwt)).toEqual({
      user: { userId: 'user-1', emails: [{ email: 'a@example.com', verified: false }] },
      session: { sessionId: 'session-1', expiresAt: '2100-01-01T00:00:00.000Z' },
      sessionJwt: jwt,
      fromCache: false,
    });
  });

  it('still carries an opaque token it cannot decode', () => {
    expect(embeddedIdentity('opaque-token')).toMatchObject({
      user: { userId: 'embedded', emails: [] },
      session: { sessionId: 'embedded' },
      sessionJwt: 'opaque-token',
    });
  });
});
