import { identityStateChanged, logoutRequested, addAppListener, forgetReturnPath, SESSION_JWT_KEY, type IdentitySessionModule } from '@parcel-map/shared';
import { createIdentityClient } from './identityClient.ts';
import { identitySnapshot } from './identitySnapshot.ts';
import { clearLoginKeys } from './storageKeys.ts';

/**
 * Keeps the store's session in step with the SDK. The SDK's own session manager refreshes every
 * 3 minutes with backoff and destroys the session on unrecoverable errors (STYTCH_NOTES §5), so
 * there is no timer of ours here.
 */
export const startIdentitySession: IdentitySessionModule['startIdentitySession'] = ({ store, config }) => {
  const client = createIdentityClient(config.identity);

  const publish = () => {
    const snapshot = identitySnapshot(client);
    if (snapshot.sessionJwt) localStorage.setItem(SESSION_JWT_KEY, snapshot.sessionJwt);
    store.dispatch(identityStateChanged(snapshot));
  };
  publish();
  const unsubscribeState = client.onStateChange(publish);

  // SPEC §2: the stored session_jwt removed in another tab reloads this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_JWT_KEY && event.newValue === null) location.reload();
  };
  window.addEventListener('storage', onStorage);

  const unsubscribeLogout = store.dispatch(
    addAppListener({
      actionCreator: logoutRequested,
      effect: async () => {
        try {
          await client.session.revoke({ forceClear: true });
        } catch (error) {
          console.error('Session revoke failed; local session cleared anyway', error);
        }
        clearLoginKeys();
        // The next person to sign in on this browser starts at / (SPEC §4), not where this one was.
        forgetReturnPath();
        publish();
      },
    }),
  );

  return () => {
    unsubscribeState();
    unsubscribeLogout();
    window.removeEventListener('storage', onStorage);
  };
};
