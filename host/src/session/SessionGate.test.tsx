import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { identityStateChanged, makeStore, type IdentitySnapshot } from '@parcel-map/shared';
import { RedirectIfSignedIn, RequireSession } from './SessionGate.tsx';

const signedIn: IdentitySnapshot = {
  user: { userId: 'u1', emails: [] },
  session: { sessionId: 's1', expiresAt: '2099-01-01T00:00:00Z' },
  sessionJwt: 'jwt',
  fromCache: false,
};
const signedOut: IdentitySnapshot = { user: null, session: null, sessionJwt: null, fromCache: false };

function renderAt(path: string, identity?: IdentitySnapshot) {
  const store = makeStore();
  if (identity) store.dispatch(identityStateChanged(identity));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<RedirectIfSignedIn>login card</RedirectIfSignedIn>} />
          <Route path="/*" element={<RequireSession>map screen</RequireSession>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('session gate', () => {
  it("shows 'Initializing Session...' until the session state is known", () => {
    renderAt('/');
    expect(screen.getByRole('status')).toHaveTextContent('Initializing Session...');
    expect(screen.queryByText('map screen')).not.toBeInTheDocument();
  });

  it('sends a signed-out user from any route to /login', () => {
    renderAt('/some/deep/link', signedOut);
    expect(screen.getByText('login card')).toBeInTheDocument();
  });

  it('remembers a deep link opened while signed out, for after sign-in', () => {
    renderAt('/?pin=4605050123', signedOut);
    expect(JSON.parse(localStorage.getItem('return_to')!)).toMatchObject({ path: '/?pin=4605050123' });
  });

  it('remembers nothing when the session ends on the page, by logout or expiry: the next sign-in lands on /', () => {
    const store = renderAt('/?pin=4605050123&view=-80.86,35.62,16', signedIn);
    expect(screen.getByText('map screen')).toBeInTheDocument();
    act(() => {
      store.dispatch(identityStateChanged(signedOut));
    });
    expect(screen.getByText('login card')).toBeInTheDocument();
    expect(localStorage.getItem('return_to')).toBeNull();
  });

  it('shows the app shell with a session', () => {
    renderAt('/', signedIn);
    expect(screen.getByText('map screen')).toBeInTheDocument();
  });

  it('redirects a signed-in user away from /login', () => {
    renderAt('/login', signedIn);
    expect(screen.getByText('map screen')).toBeInTheDocument();
  });
});
