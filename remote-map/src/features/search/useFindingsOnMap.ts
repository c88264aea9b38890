// Draws a panel's findings on the map while it is open, fits the map to them when they change, and
// takes them off when it closes.
import { useEffect } from 'react';
import type { MapController } from '../../map/mapController.ts';
import { EMPTY_FINDINGS, type Findings } from '../../map/findingsLayer.ts';
import { findingsBounds } from './findingsGeometry.ts';

/** Fit padding, px; the panel covers the left of the map. */
const FIT_PADDING = { top: 80, bottom: 60, left: 420, right: 60 };

export function useFindingsOnMap(controller: MapController | null, findings: Findings | null, maxZoom = 17): void {
  useEffect(() => {
    if (!controller || !findings) return;
    controller.draw('findings', { findings });
    const bounds = findingsBounds(findings);
    if (bounds) {
      const padding = window.innerWidth < 700 ? 40 : FIT_PADDING;
      controller.centreOn({ kind: 'bounds', bounds: [[bounds[0], bounds[1]], [bounds[2], bounds[3]]], padding, maxZoom });
    }
    return () => controller.draw('findings', { findings: EMPTY_FINDINGS });
  }, [controller, findings, maxZoom]);
}
