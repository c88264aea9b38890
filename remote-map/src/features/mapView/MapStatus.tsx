import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { PARCEL_OUTLINE_MIN_ZOOM } from '../../map/parcelLayers.ts';
import { useBaseMapProblems } from '../imagery/useBaseMapProblems.ts';
import {
  myLocationProblemDismissed,
  notAnsweringNoticeDismissed,
  selectFailedMapStyleId,
  selectIsMapStyleLoading,
  selectLocationProblem,
  selectMapSetupError,
  selectMapZoom,
  selectNotAnsweringNotice,
  selectParcelTilesLoading,
} from './mapViewSlice.ts';

/** Not in SPEC (docs/decisions.md): without it the map area stays blank when the style cannot be fetched. */
export const STYLE_LOAD_FAILED_MESSAGE = 'The base map could not be loaded.';

/** Not in SPEC (docs/decisions.md): below this zoom the parcels are not drawn. */
export const ZOOM_IN_HINT = 'Zoom in to see parcels';

/** 'z: n.nn', from the settled camera; none without a map. */
export function ZoomReadout() {
  const zoom = useAppSelector(selectMapZoom);
  const setupFailed = useAppSelector(selectMapSetupError) !== null;
  if (setupFailed) return null;
  return (
    <div className="map-screen__zoom" aria-label="Zoom level">
      z: {zoom.toFixed(2)}
    </div>
  );
}

/** A slim bar along the top while the view's parcel tiles load. */
export function ParcelTilesLoadingBar() {
  const loading = useAppSelector(selectParcelTilesLoading);
  if (!loading) return null;
  return <div className="map-screen__tiles-loading" role="progressbar" aria-label="Loading parcels" />;
}

/** Below the zoom where parcels are drawn, say so instead of an empty-looking map. */
export function ZoomInHint() {
  const zoom = useAppSelector(selectMapZoom);
  const setupFailed = useAppSelector(selectMapSetupError) !== null;
  if (setupFailed || zoom >= PARCEL_OUTLINE_MIN_ZOOM) return null;
  return (
    <div className="map-screen__zoom-hint" role="status">
      {ZOOM_IN_HINT}
    </div>
  );
}

/** 'My location' found nothing (denied, unavailable): said on screen until dismissed. */
export function LocationProblemNotice() {
  const dispatch = useAppDispatch();
  const problem = useAppSelector(selectLocationProblem);
  if (problem === null) return null;
  return (
    <div className="map-screen__location-problem" role="alert">
      <span>{problem}</span>
      <button type="button" className="pm-button" onClick={() => dispatch(myLocationProblemDismissed())}>
        Dismiss
      </button>
    </div>
  );
}

/** An imagery base map's service is down and the map went back to another: said until dismissed (the menu says it too). */
export function BaseMapNotAnsweringNotice() {
  const dispatch = useAppDispatch();
  const styleId = useAppSelector(selectNotAnsweringNotice);
  const message = useBaseMapProblems()(styleId ?? '');
  if (styleId === null || message === undefined) return null;
  return (
    <div className="map-screen__base-map-problem" role="status">
      <span>{message}</span>
      <button type="button" className="pm-button" onClick={() => dispatch(notAnsweringNoticeDismissed())}>
        Dismiss
      </button>
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
