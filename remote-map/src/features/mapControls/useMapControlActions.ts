// What the map controls' buttons do to the map; null until the map exists.
import { useMemo } from 'react';
import { useAppStore } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import type { PrintSnapshot } from '../printReport/PrintReport.tsx';
import type { MapControlActions } from './MapControls.tsx';

/** SPEC §9: my location. */
const MY_LOCATION_ZOOM = 15;

export function useMapControlActions(controller: MapController | null, print: (snapshot: PrintSnapshot) => void): MapControlActions | null {
  const store = useAppStore();
  return useMemo(
    () =>
      controller && {
        zoomIn: () => controller.zoomBy(1),
        zoomOut: () => controller.zoomBy(-1),
        setStyle: (styleId) => controller.setStyle(styleId),
        locate: () => {
          if (!navigator.geolocation) {
            console.error('Geolocation is not available in this browser.');
            return;
          }
          navigator.geolocation.getCurrentPosition(
            ({ coords }) => controller.flyTo({ lng: coords.longitude, lat: coords.latitude, zoom: MY_LOCATION_ZOOM }),
            (error) => console.error('Geolocation failed:', error.message),
            { enableHighAccuracy: true },
          );
        },
        print: () => print({ ...controller.snapshot(), pin: selectSelectedPin(store.getState()), takenAt: new Date().toISOString() }),
      },
    [controller, print, store],
  );
}
