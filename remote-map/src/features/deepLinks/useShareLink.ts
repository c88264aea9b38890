// 'Share link' (issue #25): copies the app's own URL for what the user sees — the selection, the
// camera, the base map and the overlays — so a colleague opens the same view (through sign-in too).
import { useCallback } from 'react';
import { useAppStore, type RootState } from '@parcel-map/shared';
import { selectMapCenter, selectMapOverlays, selectMapStyleId, selectMapZoom, selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { useCopyFeedback, type CopyState } from '../parcelSelection/useCopyFeedback.ts';
import { shareSearch } from './deepLinkParams.ts';

/** The shared link for the store's state: the app's root on this origin. */
function shareUrl(state: RootState, origin: string): string {
  const { lng, lat } = selectMapCenter(state);
  const search = shareSearch({
    pin: selectSelectedPin(state),
    view: { lng, lat, zoom: selectMapZoom(state) },
    style: selectMapStyleId(state),
    overlays: selectMapOverlays(state),
    overlayLayers: selectShownOverlayLayers(state),
  });
  return `${origin}/${search}`;
}

export function useShareLink(): { state: CopyState; share(): void } {
  const store = useAppStore();
  const { state, copy } = useCopyFeedback();
  const share = useCallback(() => void copy(shareUrl(store.getState(), window.location.origin)), [copy, store]);
  return { state, share };
}
