// The user's shown markups (issue #25): kept drawings in their own colours, under the saved-parcel
// markers and under the parcels' hover and selection highlights, which a markup over the parcel
// would otherwise hide.
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, LayerSpecification } from 'mapbox-gl';
import type { Markup } from '@parcel-map/shared';
import { geoJsonLayer } from './drawnLayer.ts';
import { HIGHLIGHT_LAYER_IDS } from './parcelLayers.ts';

const MARKUPS_SOURCE_ID = 'markups';
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

const MARKUP_LAYERS: LayerSpecification[] = [
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

export const markupsLayer = geoJsonLayer<{ markups: readonly Markup[] }>({
  sourceId: MARKUPS_SOURCE_ID,
  layers: MARKUP_LAYERS,
  under: HIGHLIGHT_LAYER_IDS[0],
  initial: () => ({ markups: [] }),
  data: ({ markups }) => markupsCollection(markups),
  published: ({ markups }) => ({ markups: markupsCollection(markups).features.length }),
});
