// Tells the map the imagery base maps served now, so that choosing one (from the menu or a link)
// loads it and the loaded style is known as the current one.
import { useEffect } from 'react';
import type { MapStyleConfig } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';

export function useImageryStylesOnMap(controller: MapController | null, styles: readonly MapStyleConfig[]): void {
  useEffect(() => {
    controller?.setImageryStyles(styles);
  }, [controller, styles]);
}
