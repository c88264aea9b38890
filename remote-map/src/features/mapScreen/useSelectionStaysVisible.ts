// The selected parcel stays in sight above the detail panel (issue #25, phone): once its centroid is
// known, and whenever the panel's height changes, the map pans it out from under the panel; not once the
// parcel is deselected or the panel closed while the camera was still moving.
import { useEffect } from 'react';
import { useAppSelector } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import { selectSelectedCentroid } from '../parcelSelection/parcelSelectionSlice.ts';

export function useSelectionStaysVisible(controller: MapController | null, panelCoverPx: number): void {
  const centroid = useAppSelector(selectSelectedCentroid);
  useEffect(() => {
    if (!controller || !centroid || panelCoverPx <= 0) return undefined;
    return controller.keepVisibleAbove(centroid, panelCoverPx);
  }, [controller, centroid, panelCoverPx]);
}
