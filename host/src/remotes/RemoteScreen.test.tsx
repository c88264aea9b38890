import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore, REMOTE_MODULES, selectIsRemoteUnavailable } from '@parcel-map/shared';
import { RemoteScreen } from './RemoteScreen.tsx';

describe('RemoteScreen', () => {
  it('shows the render-failure fallback in place of a remote that cannot load, and the rest keeps working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Provider store={makeStore()}>
        <p>still here</p>
        <RemoteScreen id="remote_missing/Screen" />
      </Provider>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('The component failed to render')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('still here')).toBeInTheDocument();
  });

  it('names what could not load and tells the store, so the buttons that open it can say so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore();
    const id = REMOTE_MODULES.savedParcels;
    render(
      <Provider store={store}>
        <RemoteScreen id={id} />
      </Provider>,
    );
    expect(await screen.findByText('My Saved Parcels could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The component failed to render')).toBeInTheDocument();
    expect(selectIsRemoteUnavailable(store.getState(), id)).toBe(true);
  });
});
