// What the map publishes about itself as data-* attributes on its container: the one place they are
// written. Each is read back from the map (its layers, its sources, what it has painted), not from
// our own state, so readers see what is drawn. Read-only for everyone else; keep the names, or
// change every reader with them.
//
//   data-map-state          'rendering' | 'idle': idle when the map has drawn the whole view with the
//                           parcel tiles loaded. e2e/pages/MapPage.ts (waitForParcels, before any check
//                           of what is drawn), e2e/tests/mapMeasure.spec.ts, parcelFinder.spec.ts,
//                           mapPhone.spec.ts, bench/frontend.bench.ts ('map idle'), embedding pages.
//   data-parcels-drawn      'true' from the first frame drawn with the view's parcel tiles loaded.
//                           bench/frontend.bench.ts ('first parcels drawn').
//   data-style-id           The config id of the loaded base map, '' when it matched none.
//                           e2e/tests/mapEmbed.spec.ts, mapOutlines.spec.ts, mapShareLink.spec.ts,
//                           mapOverlays.spec.ts.
//   data-outline-color      The parcel outline's hue as the line layer holds it (#000000, #ffff00).
//                           e2e/tests/mapControls.spec.ts, e2e/tests/mapOutlines.spec.ts.
//   data-owner-names, data-parcel-outlines, data-contours, data-saved-parcels
//                           'visible' | 'none' | 'absent': the visibility of the layer behind each
//                           overlay switch. e2e/tests/mapShareLink.spec.ts (owner names, contours),
//                           mapOutlines.spec.ts (outlines), mapControls.spec.ts (saved parcels).
//   data-saved-parcel-count The markers the saved-parcels layer holds. e2e/tests/mapControls.spec.ts.
//   data-markups            The shown markups the markups layer holds. e2e/tests/mapPhone.spec.ts.
//   data-findings           The parcels and results the findings layer holds (search results, a
//                           nearby list with its ring), once the map holds them; absent when none.
//                           e2e/tests/parcelFinder.spec.ts.
//   data-query-matches      The parcels the query panel's matches layer highlights, absent when none
//                           (remote-map's queryMatchesLayer.test.ts).
//   data-overlay-layers     The names of the county's overlay layers the map's style draws, bottom
//                           first, comma-separated ('' when none). e2e/tests/mapOverlays.spec.ts.

import type { Map as MapboxMap } from 'mapbox-gl';

export type LayerVisibility = 'visible' | 'none' | 'absent';

/** A layer's visibility as the map holds it. */
export function layerVisibility(map: MapboxMap, layerId: string): LayerVisibility {
  if (!map.getLayer(layerId)) return 'absent';
  return map.getLayoutProperty(layerId, 'visibility') === 'none' ? 'none' : 'visible';
}

interface PublishedMapState {
  mapState: 'rendering' | 'idle';
  parcelsDrawn: 'true';
  styleId: string;
  outlineColor: string;
  ownerNames: LayerVisibility;
  parcelOutlines: LayerVisibility;
  contours: LayerVisibility;
  savedParcels: LayerVisibility;
  savedParcelCount: number;
  markups: number;
  findings: number;
  queryMatches: number;
  overlayLayers: string;
}

/** Attributes to write; null removes one. Each key is the attribute's dataset name. */
export type MapStateChanges = { [K in keyof PublishedMapState]?: PublishedMapState[K] | null };

export function publishMapState(container: HTMLElement, changes: MapStateChanges): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete container.dataset[key];
    else container.dataset[key] = String(value);
  }
}
