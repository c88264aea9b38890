// What the store decides and the map shows: the selected parcel, the overlay switches and the
// user's saved parcels and markups.
import { useEffect } from 'react';
import { selectIsSignedIn, useAppSelector } from '@parcel-map/shared';
import { useListMarkupsQuery, useListSavedParcelsQuery } from '@parcel-map/shared/api';
import type { MapController } from '../../map/mapController.ts';
import { selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { selectMapOverlays } from '../mapView/mapViewSlice.ts';

export function useMapFollowsStore(controller: MapController | null): void {
  const selectedPin = useAppSelector(selectSelectedPin);
  const overlays = useAppSelector(selectMapOverlays);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: savedParcels } = useListSavedParcelsQuery(undefined, { skip: !signedIn });
  const { data: markups } = useListMarkupsQuery(undefined, { skip: !signedIn });

  useEffect(() => {
    controller?.setSelectedPin(selectedPin);
  }, [controller, selectedPin]);

  useEffect(() => {
    controller?.draw('parcels', { showLabels: overlays.ownerNames, showOutlines: overlays.parcelOutlines });
    controller?.draw('contours', { visible: overlays.contours });
    controller?.draw('savedParcels', { visible: overlays.savedParcels });
  }, [controller, overlays]);

  useEffect(() => {
    controller?.draw('savedParcels', {
      points: (savedParcels ?? []).map((saved) => ({
        pin: saved.parcel_pin,
        lng: saved.parcel_centroid_lon,
        lat: saved.parcel_centroid_lat,
        label: saved.parcel_owner_name,
      })),
    });
  }, [controller, savedParcels]);

  useEffect(() => {
    controller?.draw('markups', { markups: markups ?? [] });
  }, [controller, markups]);
}
