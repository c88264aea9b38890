// The county's overlay layers on the map (issue #23 §5): a vector source per overlay switched on,
// drawn by its kind — fill and outline for areas, a line for lines, a circle for points — in its
// style's colours, above the base map and under the parcels, so parcels stay clickable and readable.
import type { ExpressionSpecification, LayerSpecification, Map as MapboxMap, PointLike, VectorSourceSpecification } from 'mapbox-gl';
import { OVERLAY_SOURCE_LAYER, OVERLAY_TILE_ZOOMS, type OverlayAttributeField, type OverlayGeometryType, type OverlayLegend, type OverlayStyle } from '@parcel-map/shared/api';
import type { DrawnLayer } from './drawnLayer.ts';
import { PARCEL_LAYER_IDS } from './parcelLayers.ts';

/** An overlay switched on, as the map needs it. */
export interface OverlayLayer {
  name: string;
  label: string;
  geometryType: OverlayGeometryType;
  /** Absolute tile URL template, carrying the overlay's version. */
  tilesUrl: string;
  style: OverlayStyle;
  /** The values it is coloured by, each in its colour; null: all in the style's colour. */
  legend: OverlayLegend | null;
  /** How the popup shows the properties its mapping describes. */
  fields: OverlayAttributeField[];
}

/** The features of the overlays drawn under a click: the popup lists their attributes as their overlay's fields say. */
export interface OverlayFeatureHit {
  overlay: string;
  label: string;
  fields: OverlayAttributeField[];
  properties: Record<string, string | number | boolean>;
}

/** Sources and layers of overlays carry this prefix, which no base-map style uses. */
const ID_PREFIX = 'county-overlay:';
export const overlaySourceId = (name: string) => `${ID_PREFIX}${name}`;
const isOverlaySource = (id: unknown) => typeof id === 'string' && id.startsWith(ID_PREFIX);

export function overlayLayerIds(name: string) {
  const id = overlaySourceId(name);
  return { fill: `${id}:fill`, outline: `${id}:outline`, line: `${id}:line`, point: `${id}:point` } as const;
}

/** An area's fill is seen through: the base map and the parcels under it stay readable. */
const OVERLAY_FILL_OPACITY = 0.3;
/** A line or a point is this many pixels from the pointer and still clicked. */
const HIT_TOLERANCE_PX = 4;
/** Areas under lines under points: a point is never hidden under an area switched on after it. */
const DRAW_ORDER: Record<OverlayGeometryType, number> = { polygon: 0, line: 1, point: 2 };

/** The legend's colours: a `match` on its attribute's value, the style's colour for the values it does not list; else that one colour. */
export function overlayColour({ style, legend }: Pick<OverlayLayer, 'style' | 'legend'>): string | ExpressionSpecification {
  if (!legend || legend.entries.length === 0) return style.colour;
  return ['match', ['to-string', ['get', legend.attribute]], ...legend.entries.flatMap((entry) => [entry.value, entry.colour]), style.colour] as ExpressionSpecification;
}

export function overlaySource(tilesUrl: string): VectorSourceSpecification {
  return { type: 'vector', tiles: [tilesUrl], minzoom: OVERLAY_TILE_ZOOMS.min, maxzoom: OVERLAY_TILE_ZOOMS.max };
}

export function overlayLayers(overlay: OverlayLayer): LayerSpecification[] {
  const { name, geometryType } = overlay;
  const common = { source: overlaySourceId(name), 'source-layer': OVERLAY_SOURCE_LAYER } as const;
  const ids = overlayLayerIds(name);
  const colour = overlayColour(overlay);
  switch (geometryType) {
    case 'polygon':
      return [
        { ...common, id: ids.fill, type: 'fill', paint: { 'fill-color': colour, 'fill-opacity': OVERLAY_FILL_OPACITY } },
        { ...common, id: ids.outline, type: 'line', paint: { 'line-color': colour, 'line-width': 1.5 } },
      ];
    case 'line':
      return [{ ...common, id: ids.line, type: 'line', layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': colour, 'line-width': 2.5 } }];
    case 'point':
      return [
        {
          ...common,
          id: ids.point,
          type: 'circle',
          paint: { 'circle-color': colour, 'circle-radius': 5, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 },
        },
      ];
  }
}

/**
 * Makes the map draw exactly these overlays, under `beforeId`: the overlays' layers are added
 * afresh in draw order, a source is kept while its tiles (and so its version) are the same.
 */
export function installOverlayLayers(map: MapboxMap, overlays: readonly OverlayLayer[], beforeId: string | undefined): void {
  const style = map.getStyle();
  // Layers first: a source cannot be removed while a layer draws it.
  for (const layer of style?.layers ?? []) if ('source' in layer && isOverlaySource(layer.source)) map.removeLayer(layer.id);
  const wanted = new Map(overlays.map((overlay) => [overlaySourceId(overlay.name), overlay.tilesUrl]));
  for (const [id, source] of Object.entries(style?.sources ?? {})) {
    if (isOverlaySource(id) && (source as VectorSourceSpecification).tiles?.[0] !== wanted.get(id)) map.removeSource(id);
  }
  const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
  for (const overlay of [...overlays].sort((a, b) => DRAW_ORDER[a.geometryType] - DRAW_ORDER[b.geometryType])) {
    if (!map.getSource(overlaySourceId(overlay.name))) map.addSource(overlaySourceId(overlay.name), overlaySource(overlay.tilesUrl));
    for (const layer of overlayLayers(overlay)) map.addLayer(layer, before);
  }
}

/** Above the base map's roads and water, under every label and every parcel layer. */
function showOverlays(map: MapboxMap, { overlays }: { overlays: readonly OverlayLayer[] }): void {
  installOverlayLayers(map, overlays, map.getLayer(PARCEL_LAYER_IDS.label) ? PARCEL_LAYER_IDS.label : PARCEL_LAYER_IDS.fill);
}

/** The overlays switched on (the Overlays panel's county layers). */
export const overlayLayer: DrawnLayer<{ overlays: readonly OverlayLayer[] }> = {
  initial: () => ({ overlays: [] }),
  install: showOverlays,
  update: showOverlays,
  published: (_state, map) => ({ overlayLayers: drawnOverlayNames(map).join(',') }),
};

/** The overlays the map's style draws now, by name, bottom first: read back from the map, not from what was asked. */
export function drawnOverlayNames(map: MapboxMap): string[] {
  const names = (map.getStyle()?.layers ?? []).flatMap((layer) => ('source' in layer && isOverlaySource(layer.source) ? [(layer.source as string).slice(ID_PREFIX.length)] : []));
  return [...new Set(names)];
}

/**
 * The drawn overlays' features at a point, topmost first, each once (a feature cut by tile edges is
 * one piece per tile): areas under the point itself, lines and points within a few pixels of it.
 */
export function overlayFeaturesAt(map: MapboxMap, point: { x: number; y: number }, overlays: readonly OverlayLayer[]): OverlayFeatureHit[] {
  const byLayer = new Map<string, OverlayLayer>();
  for (const overlay of overlays) for (const layer of overlayLayers(overlay)) if (layer.id !== overlayLayerIds(overlay.name).outline) byLayer.set(layer.id, overlay);
  const present = [...byLayer.keys()].filter((id) => map.getLayer(id));
  if (present.length === 0) return [];
  const areas = present.filter((id) => byLayer.get(id)!.geometryType === 'polygon');
  const others = present.filter((id) => byLayer.get(id)!.geometryType !== 'polygon');
  const box: [PointLike, PointLike] = [
    [point.x - HIT_TOLERANCE_PX, point.y - HIT_TOLERANCE_PX],
    [point.x + HIT_TOLERANCE_PX, point.y + HIT_TOLERANCE_PX],
  ];
  const features = [
    ...(others.length > 0 ? map.queryRenderedFeatures(box, { layers: others }) : []),
    ...(areas.length > 0 ? map.queryRenderedFeatures([point.x, point.y], { layers: areas }) : []),
  ];
  const seen = new Set<string>();
  const hits: OverlayFeatureHit[] = [];
  for (const feature of features) {
    const overlay = byLayer.get(feature.layer?.id ?? '');
    if (!overlay) continue;
    const properties = Object.fromEntries(Object.entries(feature.properties ?? {}).filter((entry): entry is [string, string | number | boolean] => isShownValue(entry[1])));
    const key = `${overlay.name} ${feature.id ?? JSON.stringify(properties)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hits.push({ overlay: overlay.name, label: overlay.label, fields: overlay.fields, properties });
  }
  return hits;
}

const isShownValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
