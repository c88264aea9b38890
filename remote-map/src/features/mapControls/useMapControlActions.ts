// What the map controls' buttons do to the map; null until the map exists.
import { useMemo } from 'react';
import { useAppStore } from '@parcel-map/shared';
import { myLocationFailed, myLocationFound } from '../mapView/mapViewSlice.ts';
import type { MapController } from '../../map/mapController.ts';
import type { MapControlActions } from './MapControls.tsx';

/** SPEC §9: my location. */
const MY_LOCATION_ZOOM = 15;

/** Not in SPEC (docs/decisions.md): SPEC only logs geolocation errors. */
const LOCATION_DENIED_MESSAGE = 'Location permission denied: allow this site to use your location in the browser settings.';
const LOCATION_UNAVAILABLE_MESSAGE = 'Your location could not be found.';

/** `print` opens the print dialog. */
export function useMapControlActions(controller: MapController | null, print: () => void): MapControlActions | null {
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
            store.dispatch(myLocationFailed({ message: LOCATION_UNAVAILABLE_MESSAGE }));
            return;
          }
          navigator.geolocation.getCurrentPosition(
            ({ coords }) => {
              store.dispatch(myLocationFound());
              controller.draw('myLocation', { location: { lng: coords.longitude, lat: coords.latitude, accuracyM: coords.accuracy } });
              controller.flyTo({ lng: coords.longitude, lat: coords.latitude, zoom: MY_LOCATION_ZOOM });
            },
            (error) => {
              // SPEC §8 logs it; the notice says it where the user is looking.
              console.error('Geolocation failed:', error.message);
              store.dispatch(myLocationFailed({ message: error.code === error.PERMISSION_DENIED ? LOCATION_DENIED_MESSAGE : LOCATION_UNAVAILABLE_MESSAGE }));
            },
            { enableHighAccuracy: true },
          );
        },
        print,
      },
    [controller, print, store],
  );
}
