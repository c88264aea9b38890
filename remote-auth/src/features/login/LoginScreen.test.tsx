import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectIsSignedIn } from '@parcel-map/shared';
import { consentTo, currentPath, recordNavigation, renderAuthRoutes, startIdentityHarness, type IdentityHarness } from '../../testing/identityHarness.tsx';

let harness: IdentityHarness | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await harness?.close();
  harness = undefined;
});

const getLink = () => screen.getByRole('button', { name: 'Get Link' });

async function typeEmail(email: string) {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
}

describe('login card', () => {
  it('shows the logo, an e-mail input, Get Link and three provider icons of which only the workplace one is a button', async () => {
    harness = await startIdentityHarness();
    renderAuthRoutes(harness, '/login');
    const card = screen.getByRole('region', { name: 'Sign in' });
    expect(within(card).getByText('Parcel Map')).toBeInTheDocument();
    expect(within(card).getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(getLink()).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Sign in with your workplace account' })).toBeEnabled();
    const inert = within(card).getAllByRole('img', { name: /not available/ });
    expect(inert).toHaveLength(2);
    for (const icon of inert) expect(icon.closest('button, a')).toBeNull();
    expect(within(card).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('uses the configured street-map embed as the faded background', async () => {
    harness = await startIdentityHarness({ identity: { loginBackgroundEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-80.9,35.6,-80.8,35.7' } });
    const { container } = renderAuthRoutes(harness, '/login');
    expect(container.querySelector('iframe.login-screen__background')).toHaveAttribute(
      'src',
      'https://www.openstreetmap.org/export/embed.html?bbox=-80.9,35.6,-80.8,35.7',
    );
    expect(container.querySelector('.login-screen__background--still')).toBeNull();
  });

  it('shows the still picture of the base map when no embed is configured (offline), and no iframe', async () => {
    harness = await startIdentityHarness();
    const { container } = renderAuthRoutes(harness, '/login');
    expect(container.querySelector('.login-screen__background--still')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it("goes idle → 'Sending...' (disabled) → green 'Email sent! …', stores user_email, and local-identity sends the link", async () => {
    harness = await startIdentityHarness();
    renderAuthRoutes(harness, '/login');
    await typeEmail('sender@example.com');

    fireEvent.click(getLink());
    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(localStorage.getItem('user_email')).toBe('sender@example.com');

    const sent = await screen.findByText('Email sent! Check your inbox to log in.');
    expect(sent).toHaveClass('login-card__message--sent');
    expect(getLink()).toBeEnabled();
    // Offline there is no inbox: the local outbox is linked under the (unchanged) message.
    expect(screen.getByRole('link', { name: 'Offline: open the local outbox' })).toHaveAttribute('href', `${harness.identity.baseUrl}/dev/outbox`);
    expect(harness.identity.printedLines.join('\n')).toMatch(
      /MAGIC LINK for sender@example\.com: http:\/\/localhost:3000\/authenticate\?stytch_token_type=magic_links&token=/,
    );
    // The project requires PKCE, so the SDK kept a verifier for the link.
    expect(localStorage.getItem(`${harness.sdkStatePrefix}::PKCE_VERIFIER:magic_links`)).toMatch(/"code_verifier":"[0-9a-f]+"/);
  });

  it("shows the red 'Something went wrong. Try again.' when local-identity refuses the send, and allows another try", async () => {
    harness = await startIdentityHarness({ env: { SEND_LIMIT_PER_EMAIL_PER_MINUTE: '1' } });
    renderAuthRoutes(harness, '/login');
    await typeEmail('limited@example.com');
    await userEvent.click(getLink());
    await screen.findByText('Email sent! Check your inbox to log in.');

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(getLink());
    const error = await screen.findByText('Something went wrong. Try again.');
    expect(error).toHaveClass('login-card__message--error');
    expect(screen.queryByText('Email sent! Check your inbox to log in.')).not.toBeInTheDocument();
    expect(getLink()).toBeEnabled();
  });

  it("shows the error when the identity service cannot be reached", async () => {
    harness = await startIdentityHarness();
    renderAuthRoutes(harness, '/login');
    await typeEmail('offline@example.com');
    await harness.identity.close();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(getLink());
    expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
    harness.identity.close = async () => undefined;
  });

  it('starts workplace sign-in with PKCE and both redirect URLs on /authenticate; the consent page signs the user in', async () => {
    harness = await startIdentityHarness();
    const loginCard = renderAuthRoutes(harness, '/login');

    const start = await recordNavigation(() =>
      userEvent.click(screen.getByRole('button', { name: 'Sign in with your workplace account' })),
    );
    expect(start.origin + start.pathname).toBe(`${harness.identity.baseUrl}/v1/public/oauth/microsoft/start`);
    expect(start.searchParams.get('public_token')).toBe(harness.config.identity.publicToken);
    expect(start.searchParams.get('login_redirect_url')).toBe('http://localhost:3000/authenticate');
    expect(start.searchParams.get('signup_redirect_url')).toBe('http://localhost:3000/authenticate');
    const stored = JSON.parse(localStorage.getItem(`${harness.sdkStatePrefix}::PKCE_VERIFIER:oauth`)!) as { code_challenge: string };
    expect(start.searchParams.get('code_challenge')).toBe(stored.code_challenge);

    // The consent page, then its form posted back as the browser would.
    const consentPage = await (await fetch(start)).text();
    expect(consentPage).toMatch(/<form[^>]+method="post"/i);
    const callback = await consentTo(harness, start, 'worker@example.com');
    expect(callback.searchParams.get('stytch_token_type')).toBe('oauth');

    // The browser comes back to the app at /authenticate with the token; the verifier is still stored.
    loginCard.unmount();
    renderAuthRoutes(harness, callback.pathname + callback.search);
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(selectIsSignedIn(harness.store.getState())).toBe(true);
    expect(localStorage.getItem('is_logged_in')).toBe('true');
  });
});
