// The parcels an attribute query matches (issue #42), every one of them and not only the page the
// query panel lists: one filter of their pins on the parcel highlight tiles, under the selection.
// Hidden while there are none, so that the highlight tiles load for it only when it draws.
import type { LayerSpecification } from 'mapbox-gl';
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared';
import type { DrawnLayer } from './drawnLayer.ts';
import { PARCEL_HIGHLIGHT_SOURCE_ID, PARCEL_LAYER_IDS, pinsFilter } from './parcelLayers.ts';

export const QUERY_MATCH_LAYER_IDS = { fill: 'query-matches-fill', line: 'query-matches-line' } as const;
const MATCH_COLOR = '#7048e8';

const visibility = (pins: readonly string[]) => (pins.length > 0 ? 'visible' : 'none');

function queryMatchLayers(pins: readonly string[]): LayerSpecification[] {
  const common = { source: PARCEL_HIGHLIGHT_SOURCE_ID, 'source-layer': PARCEL_SOURCE_LAYER, filter: pinsFilter(pins), layout: { visibility: visibility(pins) } } as const;
  return [
    { ...common, id: QUERY_MATCH_LAYER_IDS.fill, type: 'fill', paint: { 'fill-color': MATCH_COLOR, 'fill-opacity': 0.35 } },
    { ...common, id: QUERY_MATCH_LAYER_IDS.line, type: 'line', paint: { 'line-color': MATCH_COLOR, 'line-width': 2 } },
  ];
}

export const queryMatchesLayer: DrawnLayer<{ pins: readonly string[] }> = {
  initial: () => ({ pins: [] }),
  install(map, { pins }) {
    for (const layer of queryMatchLayers(pins)) map.addLayer(layer, PARCEL_LAYER_IDS.selected);
  },
  update(map, { pins }, previous) {
    if (pins === previous.pins) return;
    for (const id of Object.values(QUERY_MATCH_LAYER_IDS)) {
      map.setFilter(id, pinsFilter(pins));
      map.setLayoutProperty(id, 'visibility', visibility(pins));
    }
  },
  published: ({ pins }) => ({ queryMatches: pins.length > 0 ? pins.length : null }),
};
