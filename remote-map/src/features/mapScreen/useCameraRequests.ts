// Camera moves other parts of the app ask for with an event: 'View on Map' in the saved list (of a
// parcel or a markup) and 'Center on parcel' in the detail panel.
import { useEffect } from 'react';
import { addAppListener, markupFocused, savedParcelFocused, useAppDispatch, type MarkupGeometry } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { centreTarget } from '../../map/centreTarget.ts';
import { parcelCentreRequested } from '../parcelSelection/parcelSelectionSlice.ts';

/** SPEC §9: 'View on Map' from the saved list. */
const SAVED_PARCEL_ZOOM = 16;

/** Where a markup is if its bounds cannot be read: its first position. */
function markupFallbackCentre(geometry: MarkupGeometry): { lng: number; lat: number } {
  const [lng, lat] = geometry.type === 'Point' ? geometry.coordinates : geometry.type === 'LineString' ? geometry.coordinates[0]! : geometry.coordinates[0][0]!;
  return { lng, lat };
}

export function useCameraRequests(controller: MapController | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!controller) return;
    const unsubscribers = [
      dispatch(
        addAppListener({
          actionCreator: savedParcelFocused,
          effect: ({ payload }) => controller.flyTo({ lng: payload.lng, lat: payload.lat, zoom: SAVED_PARCEL_ZOOM }),
        }),
      ),
      dispatch(
        addAppListener({
          actionCreator: markupFocused,
          effect: ({ payload }) => controller.centreOn(centreTarget(payload.geometry, markupFallbackCentre(payload.geometry))),
        }),
      ),
      dispatch(
        addAppListener({
          actionCreator: parcelCentreRequested,
          effect: ({ payload }) => controller.centreOn(centreTarget(payload.geometry, payload.centroid)),
        }),
      ),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [controller, dispatch]);
}
