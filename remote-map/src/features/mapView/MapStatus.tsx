import { useAppSelector } from '@parcel-map/shared';
import { selectIsMapStyleLoading, selectMapSetupError, selectMapZoom } from './mapViewSlice.ts';

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
