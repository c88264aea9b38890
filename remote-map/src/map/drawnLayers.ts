// Every layer the map draws, in the order each style load installs them: each goes on top of those
// before it unless it names a layer to go under (contours and overlays go under the parcels).
import type { RuntimeConfig } from '@parcel-map/shared';
import type { StateOf } from './drawnLayer.ts';
import { contourLayer } from './contourLayers.ts';
import { findingsLayer } from './findingsLayer.ts';
import { markupsLayer } from './markupsLayer.ts';
import { myLocationLayer } from './myLocationLayer.ts';
import { overlayLayer } from './overlayLayers.ts';
import { parcelLayer } from './parcelLayers.ts';
import { queryMatchesLayer } from './queryMatchesLayer.ts';
import { savedParcelsLayer } from './savedParcelsLayer.ts';

export const DRAWN_LAYERS = {
  parcels: parcelLayer,
  queryMatches: queryMatchesLayer,
  contours: contourLayer,
  overlays: overlayLayer,
  markups: markupsLayer,
  savedParcels: savedParcelsLayer,
  myLocation: myLocationLayer,
  findings: findingsLayer,
};

export type DrawnLayerName = keyof typeof DRAWN_LAYERS;

/** What every drawn layer shows: the controller's one record of it, re-applied on each style load. */
export type MapDrawing = { [Name in DrawnLayerName]: StateOf<(typeof DRAWN_LAYERS)[Name]> };

export const DRAWN_LAYER_NAMES = Object.keys(DRAWN_LAYERS) as DrawnLayerName[];

export function initialDrawing(config: RuntimeConfig['map']): MapDrawing {
  return Object.fromEntries(DRAWN_LAYER_NAMES.map((name) => [name, DRAWN_LAYERS[name].initial(config)])) as MapDrawing;
}
