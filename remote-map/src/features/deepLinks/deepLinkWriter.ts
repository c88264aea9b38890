// Writes the map screen's state into its URL: a new selection is a new history entry (so back and
// forward move between selections), a settled camera or an overlay layer switched replaces the
// current entry (so moving around does not fill the history).
import { addAppListener } from '@parcel-map/shared';
import { selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { mapViewSettled, selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { searchWithOverlayLayers, searchWithPin, searchWithView } from './deepLinkParams.ts';

/** The screen's URL as its router holds it. */
export interface ScreenUrl {
  /** The current search string ('?pin=…' or ''). */
  search(): string;
  navigate(search: string, options: { replace: boolean }): void;
}

/** The listener, to dispatch; dispatching it returns its removal. */
export function deepLinkWriter(url: ScreenUrl) {
  return addAppListener({
    predicate: (action, state, original) =>
      mapViewSettled.match(action) ||
      selectSelectedPin(state) !== selectSelectedPin(original) ||
      selectShownOverlayLayers(state) !== selectShownOverlayLayers(original),
    effect: (action, api) => {
      if (mapViewSettled.match(action)) {
        const next = searchWithView(url.search(), action.payload);
        if (next !== null) url.navigate(next, { replace: true });
        return;
      }
      const [state, original] = [api.getState(), api.getOriginalState()];
      if (selectShownOverlayLayers(state) !== selectShownOverlayLayers(original)) {
        const next = searchWithOverlayLayers(url.search(), selectShownOverlayLayers(state));
        if (next !== null) url.navigate(next, { replace: true });
      }
      if (selectSelectedPin(state) !== selectSelectedPin(original)) {
        const next = searchWithPin(url.search(), selectSelectedPin(state));
        if (next !== null) url.navigate(next, { replace: false });
      }
    },
  });
}
