// The parcels an attribute query matches (issue #42), every one of them at any count and not only the
// page the query panel lists: a vector source of the API's tiles of the query's matches
// (`/tiles/query/{key}/…`, the parcel tiles with only the matching parcels in them), under the
// selection. Without a query there is no source, so nothing is loaded for it; another query is
// another source, so no tile of the one before is drawn for it.
import type { LayerSpecification, Map as MapboxMap } from 'mapbox-gl';
import { PARCEL_SOURCE_LAYER } from '@parcel-map/shared';
import type { DrawnLayer } from './drawnLayer.ts';
import { PARCEL_LAYER_IDS, parcelSource } from './parcelLayers.ts';

export const QUERY_MATCH_SOURCE_ID = 'query-matches';
export const QUERY_MATCH_LAYER_IDS = { fill: 'query-matches-fill', line: 'query-matches-line' } as const;
const MATCH_COLOR = '#7048e8';

export interface QueryMatchesState {
  /** The absolute URL template of the query's match tiles; null while no query is shown. */
  tilesUrl: string | null;
  /** How many parcels match (the map container says it). */
  total: number;
}

const QUERY_MATCH_LAYERS: LayerSpecification[] = [
  { id: QUERY_MATCH_LAYER_IDS.fill, type: 'fill', source: QUERY_MATCH_SOURCE_ID, 'source-layer': PARCEL_SOURCE_LAYER, paint: { 'fill-color': MATCH_COLOR, 'fill-opacity': 0.35 } },
  { id: QUERY_MATCH_LAYER_IDS.line, type: 'line', source: QUERY_MATCH_SOURCE_ID, 'source-layer': PARCEL_SOURCE_LAYER, paint: { 'line-color': MATCH_COLOR, 'line-width': 2 } },
];

function addMatches(map: MapboxMap, tilesUrl: string): void {
  map.addSource(QUERY_MATCH_SOURCE_ID, parcelSource(tilesUrl));
  for (const layer of QUERY_MATCH_LAYERS) map.addLayer(layer, PARCEL_LAYER_IDS.selected);
}

function removeMatches(map: MapboxMap): void {
  for (const layer of QUERY_MATCH_LAYERS) map.removeLayer(layer.id);
  map.removeSource(QUERY_MATCH_SOURCE_ID);
}

export const queryMatchesLayer: DrawnLayer<QueryMatchesState> = {
  initial: () => ({ tilesUrl: null, total: 0 }),
  install(map, { tilesUrl }) {
    if (tilesUrl) addMatches(map, tilesUrl);
  },
  update(map, { tilesUrl }, previous) {
    if (tilesUrl === previous.tilesUrl) return;
    if (previous.tilesUrl) removeMatches(map);
    if (tilesUrl) addMatches(map, tilesUrl);
  },
  published: ({ tilesUrl, total }) => ({ queryMatches: tilesUrl ? total : null }),
};
