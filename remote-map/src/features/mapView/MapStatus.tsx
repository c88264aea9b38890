import { useAppSelector } from '@parcel-map/shared';
import { selectFailedMapStyleId, selectIsMapStyleLoading, selectMapSetupError, selectMapZoom } from './mapViewSlice.ts';

/** Not in SPEC (docs/decisions.md): without it the map area stays blank when the style cannot be fetched. */
export const STYLE_LOAD_FAILED_MESSAGE = 'The base map could not be loaded.';

/** 'z: n.nn', from the settled camera. */
export function ZoomReadout() {
  const zoom = useAppSelector(selectMapZoom);
  return (
    <div className="map-screen__zoom" aria-label="Zoom level">
      z: {zoom.toFixed(2)}
    </div>
  );
}

export function StyleLoadingIndicator() {
  const loading = useAppSelector(selectIsMapStyleLoading);
  if (!loading) return null;
  return (
    <div className="map-screen__style-loading" role="status">
      Loading map style...
    </div>
  );
}

/** The base map's style could not be fetched (e.g. the API is down): say so, and offer to try again. */
export function StyleLoadFailedNotice({ onRetry }: { onRetry(styleId: string): void }) {
  const failedStyleId = useAppSelector(selectFailedMapStyleId);
  if (failedStyleId === null) return null;
  return (
    <div className="map-screen__style-failed" role="alert">
      <span>{STYLE_LOAD_FAILED_MESSAGE}</span>
      <button type="button" className="pm-button" onClick={() => onRetry(failedStyleId)}>
        Try Again
      </button>
    </div>
  );
}

/** SPEC §8: the map failed to set up; the message (or a default) is shown over the empty map area. */
export function MapSetupErrorOverlay() {
  const message = useAppSelector(selectMapSetupError);
  if (message === null) return null;
  return (
    <div className="map-screen__error" role="alert">
      <div className="map-screen__error-card">
        <h2>Map Initialization Error</h2>
        <p>{message || 'Unknown error during map setup.'}</p>
      </div>
    </div>
  );
}
