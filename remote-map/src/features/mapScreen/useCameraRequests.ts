// Camera moves other parts of the app ask for with an event: 'View on Map' in the saved list and
// 'Center on parcel' in the detail panel.
import { useEffect } from 'react';
import { addAppListener, savedParcelFocused, useAppDispatch } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { centreTarget } from '../../map/centreTarget.ts';
import { parcelCentreRequested } from '../parcelSelection/parcelSelectionSlice.ts';

/** SPEC §9: 'View on Map' from the saved list. */
const SAVED_PARCEL_ZOOM = 16;

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
          actionCreator: parcelCentreRequested,
          effect: ({ payload }) => controller.centreOn(centreTarget(payload.geometry, payload.centroid)),
        }),
      ),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [controller, dispatch]);
}
