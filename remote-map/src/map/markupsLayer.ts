// The user's shown markups (issue #25): kept drawings in their own colours, re-added on every style
// load like the saved-parcel markers, under those markers.
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, LayerSpecification, Map as MapboxMap } from 'mapbox-gl';
import type { Markup } from '@parcel-map/shared';

export const MARKUPS_SOURCE_ID = 'markups';
export const MARKUP_LAYER_IDS = { fill: 'markups-fill', line: 'markups-line', point: 'markups-point' } as const;

/** The shown markups only: hiding one is leaving it out, the layers never change. */
export function markupsCollection(markups: readonly Markup[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: markups
      .filter((markup) => markup.visible)
      .map((markup) => ({ type: 'Feature', id: markup.id, properties: { name: markup.name, color: markup.color }, geometry: markup.geometry })),
  };
}

const color: ExpressionSpecification = ['get', 'color'];

export const MARKUP_LAYERS: LayerSpecification[] = [
  {
    id: MARKUP_LAYER_IDS.fill,
    type: 'fill',
    source: MARKUPS_SOURCE_ID,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': color, 'fill-opacity': 0.2 },
  },
  {
    id: MARKUP_LAYER_IDS.line,
    type: 'line',
    source: MARKUPS_SOURCE_ID,
    filter: ['in', ['geometry-type'], ['literal', ['LineString', 'Polygon']]],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': color, 'line-width': 3 },
  },
  {
    id: MARKUP_LAYER_IDS.point,
    type: 'circle',
    source: MARKUPS_SOURCE_ID,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 6, 'circle-color': color, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
];

/** Adds the source and layers if missing (below `beforeId` when it exists), else updates the data. */
export function installMarkups(map: MapboxMap, markups: readonly Markup[], beforeId: string): void {
  const data = markupsCollection(markups);
  const source = map.getSource(MARKUPS_SOURCE_ID) as GeoJSONSource | undefined;
  if (source) source.setData(data);
  else map.addSource(MARKUPS_SOURCE_ID, { type: 'geojson', data });
  for (const layer of MARKUP_LAYERS) {
    if (!map.getLayer(layer.id)) map.addLayer(layer, map.getLayer(beforeId) ? beforeId : undefined);
  }
}
