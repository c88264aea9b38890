import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeStore } from '@parcel-map/shared';
import { createAppRouter } from './router.tsx';

// A route's loader imports its modules on first use, which Vitest transforms then: over a second on a
// two-core machine running other test files, past waitFor's default of one.
const FIRST_IMPORT = { timeout: 10_000 };

describe('app router', () => {
  it('puts the server API into the store before the app shell renders, and not on the sign-in pages', async () => {
    const store = makeStore();
    window.history.replaceState(null, '', '/login');
    const signIn = createAppRouter(store);
    await waitFor(() => expect(signIn.state.initialized).toBe(true), FIRST_IMPORT);
    expect(store.getState().api).toBeUndefined();
    signIn.dispose();

    window.history.replaceState(null, '', '/?pin=4605050123');
    const shell = createAppRouter(store);
    await waitFor(() => expect(shell.state.initialized).toBe(true), FIRST_IMPORT);
    // The reducer's state and RTK Query's middleware, which registers itself in that state.
    expect(store.getState().api?.config.middlewareRegistered).toBe(true);
    shell.dispose();
  });
});
