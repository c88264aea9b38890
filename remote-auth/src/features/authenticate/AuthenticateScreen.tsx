import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner, takeReturnPath } from '@parcel-map/shared';
import { authenticateToken, isSupportedTokenType } from './authenticateToken.ts';

/** Tokens already tried in this page: a token is single-use, and effects may run twice. */
const attemptedTokens = new Set<string>();

export function AuthenticateScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const tokenType = params.get('stytch_token_type');

  useEffect(() => {
    if (!token || !isSupportedTokenType(tokenType)) {
      navigate('/login', { replace: true });
      return;
    }
    if (attemptedTokens.has(token)) return;
    attemptedTokens.add(token);
    void authenticateToken(token, tokenType).then((signedIn) => navigate(signedIn ? takeReturnPath() : '/login', { replace: true }));
  }, [token, tokenType, navigate]);

  return <Spinner title="Authenticating..." detail="Verifying your login credentials." />;
}
