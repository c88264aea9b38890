import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner, useAppSelector, selectIsSignedIn, selectSessionKnown, rememberReturnPath } from '@parcel-map/shared';

export const INITIALIZING_MESSAGE = 'Initializing Session...';

/** SPEC §2: the app shell needs a session; without one the user goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const known = useAppSelector(selectSessionKnown);
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  // A deep link (/?pin=…) opened while signed out opens after sign-in. A session that ends here
  // (logout, or an expiry) leaves nothing: the next sign-in may be someone else's (SPEC §4: go to /).
  const sessionSeen = useRef(false);
  useEffect(() => {
    if (signedIn) sessionSeen.current = true;
    else if (known && !sessionSeen.current) rememberReturnPath(location.pathname + location.search);
  }, [known, signedIn, location]);
  if (!known) return <Spinner title={INITIALIZING_MESSAGE} />;
  if (!signedIn) return <Navigate to="/login" replace />;
  return children;
}

/** SPEC §2: /login with a session redirects to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const known = useAppSelector(selectSessionKnown);
  const signedIn = useAppSelector(selectIsSignedIn);
  if (!known) return <Spinner title={INITIALIZING_MESSAGE} />;
  if (signedIn) return <Navigate to="/" replace />;
  return children;
}
