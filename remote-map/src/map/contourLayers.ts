// Terrain contours (SPEC §4, §9): source layer 'contour' with fields index and ele; lines from zoom
// 12 where index ≥ 6, labels from zoom 13 where index is 5, elevation written in feet. Both start hidden.
import type { ExpressionSpecification, LayerSpecification, VectorSourceSpecification } from 'mapbox-gl';
import type { DrawnLayer } from './drawnLayer.ts';
import { layerVisibility } from './mapStatePublication.ts';
import { PARCEL_LAYER_IDS } from './parcelLayers.ts';

export const CONTOUR_SOURCE_ID = 'contours';
const CONTOUR_SOURCE_LAYER = 'contour';
export const CONTOUR_LAYER_IDS = { line: 'contours-line', label: 'contours-label' } as const;
const CONTOUR_LINE_MIN_ZOOM = 12;
const CONTOUR_LABEL_MIN_ZOOM = 13;
const FEET_PER_METRE = 3.28084;

/** 'mapbox://' tilesets are referenced by url (TileJSON); anything else is a tile template. */
export function contourSource(tilesUrl: string): VectorSourceSpecification {
  return tilesUrl.startsWith('mapbox://') ? { type: 'vector', url: tilesUrl } : { type: 'vector', tiles: [tilesUrl], maxzoom: 15 };
}

export function metresToFeet(metres: number): number {
  return Math.round(metres * FEET_PER_METRE);
}

const ELEVATION_FEET: ExpressionSpecification = [
  'concat',
  ['to-string', ['round', ['*', ['to-number', ['get', 'ele'], 0], FEET_PER_METRE]]],
  ' ft',
];

export function contourLayers({ visible, satellite, withLabels }: { visible: boolean; satellite: boolean; withLabels: boolean }): LayerSpecification[] {
  const common = { source: CONTOUR_SOURCE_ID, 'source-layer': CONTOUR_SOURCE_LAYER } as const;
  const visibility = visible ? 'visible' : 'none';
  const colour = satellite ? '#ffd27f' : '#a0522d';
  const layers: LayerSpecification[] = [
    {
      ...common,
      id: CONTOUR_LAYER_IDS.line,
      type: 'line',
      minzoom: CONTOUR_LINE_MIN_ZOOM,
      filter: ['>=', ['to-number', ['get', 'index'], 0], 6],
      layout: { visibility, 'line-join': 'round' },
      paint: { 'line-color': colour, 'line-width': 1, 'line-opacity': 0.7 },
    },
  ];
  if (withLabels) {
    layers.push({
      ...common,
      id: CONTOUR_LAYER_IDS.label,
      type: 'symbol',
      minzoom: CONTOUR_LABEL_MIN_ZOOM,
      filter: ['==', ['to-number', ['get', 'index'], 0], 5],
      layout: { visibility, 'symbol-placement': 'line', 'text-field': ELEVATION_FEET, 'text-size': 10 },
      paint: { 'text-color': colour, 'text-halo-color': satellite ? '#000000' : '#ffffff', 'text-halo-width': 1 },
    });
  }
  return layers;
}

/** No contours without a configured tile URL. */
export const contourLayer: DrawnLayer<{ tilesUrl: string | undefined; visible: boolean }> = {
  initial: (config) => ({ tilesUrl: config.contourTilesUrl, visible: false }),
  /** Under the parcel layers. */
  install(map, { tilesUrl, visible }, { satellite }) {
    if (!tilesUrl) return;
    map.addSource(CONTOUR_SOURCE_ID, contourSource(tilesUrl));
    const withLabels = Boolean(map.getStyle()?.glyphs);
    const beforeId = map.getLayer(PARCEL_LAYER_IDS.fill) ? PARCEL_LAYER_IDS.fill : undefined;
    for (const layer of contourLayers({ visible, satellite, withLabels })) map.addLayer(layer, beforeId);
  },
  update(map, { visible }, previous) {
    if (visible === previous.visible) return;
    for (const id of Object.values(CONTOUR_LAYER_IDS)) {
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
    }
  },
  published: (_state, map) => ({ contours: layerVisibility(map, CONTOUR_LAYER_IDS.line) }),
};
