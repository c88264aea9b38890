import { useState, type FormEvent } from 'react';
import { useAppSelector, selectRuntimeConfig, USER_EMAIL_KEY } from '@parcel-map/shared';
import { getIdentityClient } from '../identity/identityClient.ts';
import { startWorkplaceSignIn } from './startWorkplaceSignIn.ts';
import { InertProviderIcons, WorkplaceIcon } from './ProviderIcons.tsx';
import { ProductLogo } from './ProductLogo.tsx';
import './login.css';

type SendState = 'idle' | 'sending' | 'sent' | 'error';

function authenticateUrl() {
  return `${window.location.origin}/authenticate`;
}

export function LoginScreen() {
  const config = useAppSelector(selectRuntimeConfig);
  const [email, setEmail] = useState('');
  const [sendState, setSendState] = useState<SendState>('idle');

  async function sendLink(event: FormEvent) {
    event.preventDefault();
    localStorage.setItem(USER_EMAIL_KEY, email);
    setSendState('sending');
    try {
      await getIdentityClient().magicLinks.email.loginOrCreate(email, {
        login_magic_link_url: authenticateUrl(),
        signup_magic_link_url: authenticateUrl(),
      });
      setSendState('sent');
    } catch (error) {
      console.error('Magic link send failed', error);
      setSendState('error');
    }
  }

  return (
    // The page's main landmark (axe: landmark-one-main); the signed-in screens have the shell's.
    <main className="login-screen">
      {config?.identity.loginBackgroundEmbedUrl ? (
        <iframe
          className="login-screen__background"
          src={config.identity.loginBackgroundEmbedUrl}
          title="Street map"
          tabIndex={-1}
          aria-hidden="true"
        />
      ) : (
        <div className="login-screen__background login-screen__background--still" aria-hidden="true" />
      )}
      <section className="login-card" aria-labelledby="login-title">
        <ProductLogo />
        <h1 id="login-title" className="login-card__title">
          Sign in
        </h1>
        <form onSubmit={sendLink} className="login-card__form">
          <label htmlFor="login-email">E-mail</label>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
          <button type="submit" className="pm-button" disabled={sendState === 'sending'}>
            {sendState === 'sending' ? 'Sending...' : 'Get Link'}
          </button>
        </form>
        <p className="login-card__message" role="status" aria-live="polite">
          {sendState === 'sent' && <span className="login-card__message--sent">Email sent! Check your inbox to log in.</span>}
          {sendState === 'sent' && config?.identity.localApiUrl && (
            // The embedded default has no inbox: its links go to local-identity's outbox.
            <a className="login-card__outbox" href={new URL('/dev/outbox', config.identity.localApiUrl).href} target="_blank" rel="noreferrer">
              Offline: open the local outbox
            </a>
          )}
          {sendState === 'error' && <span className="login-card__message--error">Something went wrong. Try again.</span>}
        </p>
        <div className="login-card__providers">
          <button
            type="button"
            className="login-card__provider"
            aria-label="Sign in with your workplace account"
            onClick={() => config && startWorkplaceSignIn(config.identity.oauthProvider, authenticateUrl())}
          >
            <WorkplaceIcon />
          </button>
          <InertProviderIcons />
        </div>
      </section>
    </main>
  );
}
