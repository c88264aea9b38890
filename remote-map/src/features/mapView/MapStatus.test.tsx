import { act, screen } from '@testing-library/react';
import { renderWithStore } from '@parcel-map/shared/testing';
import userEvent from '@testing-library/user-event';
import {
  LocationProblemNotice,
  MapSetupErrorOverlay,
  ParcelTilesLoadingBar,
  STYLE_LOAD_FAILED_MESSAGE,
  StyleLoadFailedNotice,
  StyleLoadingIndicator,
  ZOOM_IN_HINT,
  ZoomInHint,
  ZoomReadout,
} from './MapStatus.tsx';
import {
  mapSetupFailed,
  mapSetupStarted,
  mapStyleLoadFailed,
  mapStyleLoadFinished,
  mapStyleLoadStarted,
  mapViewSettled,
  myLocationFailed,
  myLocationFound,
  parcelTilesLoaded,
  parcelTilesLoadStarted,
} from './mapViewSlice.ts';

describe('map status', () => {
  it("reads the settled zoom as 'z: n.nn'", () => {
    const { store } = renderWithStore(<ZoomReadout />);
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('z: 13.00');
    act(() => void store.dispatch(mapViewSettled({ lng: -80.86, lat: 35.62, zoom: 14.256 })));
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('z: 14.26');
  });

  it("shows 'Loading map style...' while a style loads, and not after", () => {
    const { store } = renderWithStore(<StyleLoadingIndicator />);
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'streets' })));
    expect(screen.getByRole('status')).toHaveTextContent('Loading map style...');
    act(() => void store.dispatch(mapStyleLoadFinished({ styleId: 'streets' })));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the 'Map Initialization Error' overlay with the set-up message until the next attempt", () => {
    const { store } = renderWithStore(<MapSetupErrorOverlay />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void store.dispatch(mapSetupFailed({ message: 'Mapbox Access Token missing.' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Map Initialization Error');
    expect(screen.getByRole('alert')).toHaveTextContent('Mapbox Access Token missing.');
    act(() => void store.dispatch(mapSetupStarted()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("falls back to 'Unknown error during map setup.' for an empty message", () => {
    const { store } = renderWithStore(<MapSetupErrorOverlay />);
    act(() => void store.dispatch(mapSetupFailed({ message: '' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown error during map setup.');
  });

  it('says when the base map could not be fetched, retries that style, and goes once a load starts', async () => {
    const onRetry = vi.fn();
    const { store } = renderWithStore(<StyleLoadFailedNotice onRetry={onRetry} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'streets' })));
    act(() => void store.dispatch(mapStyleLoadFailed({ styleId: 'streets' })));
    expect(screen.getByRole('alert')).toHaveTextContent(STYLE_LOAD_FAILED_MESSAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledWith('streets');
    act(() => void store.dispatch(mapStyleLoadStarted({ styleId: 'streets' })));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has no zoom read-out under a map set-up failure', () => {
    const { store } = renderWithStore(<ZoomReadout />);
    act(() => void store.dispatch(mapSetupFailed({ message: 'Mapbox Access Token missing.' })));
    expect(screen.queryByLabelText('Zoom level')).toBeNull();
  });

  it('shows a slim loading bar while the parcel tiles load, and not after', () => {
    const { store } = renderWithStore(<ParcelTilesLoadingBar />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => void store.dispatch(parcelTilesLoadStarted()));
    expect(screen.getByRole('progressbar', { name: 'Loading parcels' })).toBeInTheDocument();
    act(() => void store.dispatch(parcelTilesLoaded()));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("says 'Zoom in to see parcels' below the zoom where parcels are drawn", () => {
    const { store } = renderWithStore(<ZoomInHint />);
    expect(screen.queryByText(ZOOM_IN_HINT)).toBeNull();
    act(() => void store.dispatch(mapViewSettled({ lng: -80.86, lat: 35.62, zoom: 12.5 })));
    expect(screen.getByRole('status')).toHaveTextContent(ZOOM_IN_HINT);
    act(() => void store.dispatch(mapViewSettled({ lng: -80.86, lat: 35.62, zoom: 13 })));
    expect(screen.queryByText(ZOOM_IN_HINT)).toBeNull();
  });

  it('says on screen when the location cannot be found, until dismissed or found', async () => {
    const { store } = renderWithStore(<LocationProblemNotice />);
    act(() => void store.dispatch(myLocationFailed({ message: 'Location permission denied.' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Location permission denied.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void store.dispatch(myLocationFailed({ message: 'Location permission denied.' })));
    act(() => void store.dispatch(myLocationFound()));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
