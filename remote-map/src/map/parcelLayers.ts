// The parcel sources and their layers, and the pin filters that drive hover and selection
// highlights (SPEC §4 'Map style and layers').
import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  Map as MapboxMap,
  VectorSourceSpecification,
  VectorTileSource,
} from 'mapbox-gl';
import { PARCEL_LABEL_MIN_ZOOM, PARCEL_SOURCE_LAYER } from '@parcel-map/shared';
import type { DrawnLayer } from './drawnLayer.ts';
import { layerVisibility } from './mapStatePublication.ts';

export const PARCEL_SOURCE_ID = 'parcels';
/**
 * The same tiles again, for the highlight layers alone. mapbox-gl re-parses every tile of a source
 * when one of its layers' filters changes: with the highlights on the main source, each hover
 * re-built the fill and outline geometry of every parcel in view (56,000 at the opening view) in the
 * workers. On a source of their own a hover re-reads the tiles' pins only; the browser's HTTP cache
 * answers the second set of tile requests.
 */
export const PARCEL_HIGHLIGHT_SOURCE_ID = 'parcels-highlight';
const PARCEL_SOURCE_IDS = [PARCEL_SOURCE_ID, PARCEL_HIGHLIGHT_SOURCE_ID] as const;

export const PARCEL_LAYER_IDS = {
  /** Rights-of-way, roads, water and rail: drawn quietly, under the parcels, and never hit by the pointer. */
  notParcel: 'parcels-not-parcel',
  fill: 'parcels-fill',
  hover: 'parcels-hover',
  selected: 'parcels-selected',
  line: 'parcels-line',
  selectedLine: 'parcels-selected-line',
  label: 'parcels-label',
} as const;

/** The layers on the highlight source. */
export const HIGHLIGHT_LAYER_IDS = [PARCEL_LAYER_IDS.hover, PARCEL_LAYER_IDS.selected, PARCEL_LAYER_IDS.selectedLine] as const;

const PARCEL_TILES = { tileSize: 512, minzoom: 10, maxzoom: 18 } as const;
/** Outlines show from here (SPEC §9), drawn as the fill layer's own one-pixel outline… */
export const PARCEL_OUTLINE_MIN_ZOOM = 13;
/**
 * …and by the line layer from here on, where lots are large enough on screen for a width of their own.
 * mapbox-gl builds a line layer as four vertices a segment plus joins: at the opening view (z13,
 * 56,000 parcels) such outlines took 1.0–1.3 s of each software-GL frame, the fill's own outline
 * (two vertices a segment, shared with the fill) 0.4–0.55 s; and the fill, which the pointer hits,
 * is parsed anyway (docs/decisions.md, docs/performance-archive.md).
 */
const PARCEL_LINE_MIN_ZOOM = 15;
export const OUTLINE_COLOR = { default: '#000000', satellite: '#ffff00' } as const;
export const HOVER_FILL = { color: '#3cb371', opacity: 0.6 } as const;
const SELECTED_FILL = { color: '#ff5a1f', opacity: 0.35 } as const;
export const SELECTED_LINE = { color: '#ff5a1f', width: 4 } as const;

/**
 * Outline weight by zoom: at zoom 13 a dense subdivision has lots a few pixels wide, and full-weight
 * lines merge into solid hatching (worse in yellow on dark base maps), so the outlines start faint
 * and reach full weight as the lots grow on screen. Yellow is brighter, so it stays fainter.
 *
 * Below PARCEL_LINE_MIN_ZOOM the outline is the fill's one-pixel hairline, its faintness the alpha
 * alone. From it the line layer's width grows too; its faintness is also the colour's alpha, never
 * `line-opacity`: mapbox-gl draws a line layer whose opacity is below 1 through an extra stencil
 * pass. Each lot draws its own outline, so a boundary between two lots is drawn twice.
 */
const OUTLINE_WEIGHT_STOPS = {
  hairlineAlpha: { default: { 13: 0.12, 15: 0.35 }, satellite: { 13: 0.09, 15: 0.27 } },
  width: { 15: 0.8, 17: 1.4 },
  alpha: { default: { 15: 0.45, 17: 0.7 }, satellite: { 15: 0.33, 17: 0.6 } },
} as const;

function byZoom(stops: Readonly<Record<number, number>>, output: (value: number) => number | string = (value) => value): ExpressionSpecification {
  return ['interpolate', ['linear'], ['zoom'], ...Object.entries(stops).flatMap(([zoom, value]) => [Number(zoom), output(value)])];
}

/** '#rrggbb' with an alpha, as a CSS colour mapbox-gl parses. */
function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The tile feature's pin as a string, whichever case the tiles use. */
const PIN_EXPRESSION: ExpressionSpecification = ['to-string', ['coalesce', ['get', 'pin'], ['get', 'PIN'], '']];
const LABEL_TEXT: ExpressionSpecification = ['coalesce', ['get', 'Name'], ['get', 'name'], ['get', 'OwnerName'], ['get', 'Owner'], ''];
const MATCH_NOTHING: FilterSpecification = ['boolean', false];
/**
 * The tiles tag a feature that is nobody's parcel with its `kind` (shared's NON_PARCEL_KINDS). Left
 * out of the fill, the pointer's layer, a click there selects nothing (or the parcel under it), and
 * out of the outlines and owner names, it is drawn by a layer of its own.
 */
const IS_PARCEL: FilterSpecification = ['!', ['has', 'kind']];
const NOT_PARCEL: FilterSpecification = ['has', 'kind'];
/** Muted by kind: grey pavement and rights-of-way, pale water, brown-grey rail. */
const NOT_PARCEL_COLOR: ExpressionSpecification = ['match', ['get', 'kind'], 'water', '#6f9fca', 'rail', '#8a7a6d', '#8d949b'];

/** Matches the parcel with this pin; a null or empty pin matches nothing. */
export function pinFilter(pin: string | null | undefined): FilterSpecification {
  return pin ? ['==', PIN_EXPRESSION, pin] : MATCH_NOTHING;
}

export function outlineColor(satellite: boolean): string {
  return satellite ? OUTLINE_COLOR.satellite : OUTLINE_COLOR.default;
}

/**
 * The parcel tile URL for a data version (`?v=`): the API lets browsers keep such a tile for good,
 * and a publish changes every URL, so no browser or CDN can show an old county.
 */
export function versionedTilesUrl(tilesUrl: string, dataVersion: number | undefined): string {
  if (dataVersion === undefined) return tilesUrl;
  return `${tilesUrl}${tilesUrl.includes('?') ? '&' : '?'}v=${dataVersion}`;
}

export function parcelSource(tilesUrl: string): VectorSourceSpecification {
  return { type: 'vector', tiles: [tilesUrl], ...PARCEL_TILES };
}

export interface ParcelLayerOptions {
  satellite: boolean;
  hoverPin: string | null;
  selectedPin: string | null;
  /** Symbol layers need a style with `glyphs`; without one the label layer is left out. */
  withLabels: boolean;
  /** 'Show Owner Names' (default on). */
  showLabels?: boolean;
  /** 'Show Parcel Outlines' (default on). */
  showOutlines?: boolean;
  /** Hidden, the highlight layers' source loads no tiles (default shown). */
  showHighlights?: boolean;
}

const visibility = (visible: boolean) => (visible ? 'visible' : 'none');

/** The fill draws (its outline) only where the hairline is the outline, and only with outlines on. */
function hairlineOpacity(showOutlines: boolean): ExpressionSpecification | number {
  return showOutlines ? ['step', ['zoom'], 0, PARCEL_OUTLINE_MIN_ZOOM, 1, PARCEL_LINE_MIN_ZOOM, 0] : 0;
}

/** Bottom to top; the owner names go under the base map's labels when they are installed. */
export function parcelLayers({
  satellite,
  hoverPin,
  selectedPin,
  withLabels,
  showLabels = true,
  showOutlines = true,
  showHighlights = true,
}: ParcelLayerOptions): LayerSpecification[] {
  const common = { source: PARCEL_SOURCE_ID, 'source-layer': PARCEL_SOURCE_LAYER } as const;
  const kind = satellite ? 'satellite' : 'default';
  const color = outlineColor(satellite);
  const highlight = { source: PARCEL_HIGHLIGHT_SOURCE_ID, 'source-layer': PARCEL_SOURCE_LAYER, layout: { visibility: visibility(showHighlights) } } as const;
  const layers: LayerSpecification[] = [
    {
      ...common,
      id: PARCEL_LAYER_IDS.notParcel,
      type: 'fill',
      filter: NOT_PARCEL,
      paint: { 'fill-color': NOT_PARCEL_COLOR, 'fill-opacity': 0.18, 'fill-outline-color': NOT_PARCEL_COLOR },
    },
    {
      ...common,
      id: PARCEL_LAYER_IDS.fill,
      type: 'fill',
      filter: IS_PARCEL,
      // Hit by queryRenderedFeatures, so the whole parcel is clickable, at every zoom; transparent
      // itself, it draws the outlines' hairline between their zooms (fill-opacity 0 draws nothing).
      paint: {
        'fill-color': 'rgba(0, 0, 0, 0)',
        'fill-outline-color': byZoom(OUTLINE_WEIGHT_STOPS.hairlineAlpha[kind], (alpha) => withAlpha(color, alpha)),
        'fill-opacity': hairlineOpacity(showOutlines),
        // 'Show Parcel Outlines' switches the hairline at once, as it does the line layer.
        'fill-opacity-transition': { duration: 0, delay: 0 },
      },
    },
    {
      ...highlight,
      id: PARCEL_LAYER_IDS.hover,
      type: 'fill',
      filter: pinFilter(hoverPin),
      paint: { 'fill-color': HOVER_FILL.color, 'fill-opacity': HOVER_FILL.opacity },
    },
    {
      ...highlight,
      id: PARCEL_LAYER_IDS.selected,
      type: 'fill',
      filter: pinFilter(selectedPin),
      paint: { 'fill-color': SELECTED_FILL.color, 'fill-opacity': SELECTED_FILL.opacity },
    },
    {
      ...common,
      id: PARCEL_LAYER_IDS.line,
      type: 'line',
      filter: IS_PARCEL,
      minzoom: PARCEL_LINE_MIN_ZOOM,
      layout: { visibility: visibility(showOutlines) },
      // The hue without its alpha, for whoever reads the layer back (the map container's data-outline-color).
      metadata: { outlineColor: color },
      paint: {
        'line-color': byZoom(OUTLINE_WEIGHT_STOPS.alpha[kind], (alpha) => withAlpha(color, alpha)),
        'line-width': byZoom(OUTLINE_WEIGHT_STOPS.width),
      },
    },
    {
      ...highlight,
      id: PARCEL_LAYER_IDS.selectedLine,
      type: 'line',
      filter: pinFilter(selectedPin),
      layout: { ...highlight.layout, 'line-join': 'round' },
      paint: { 'line-color': SELECTED_LINE.color, 'line-width': SELECTED_LINE.width },
    },
  ];
  if (withLabels) {
    layers.push({
      ...common,
      id: PARCEL_LAYER_IDS.label,
      type: 'symbol',
      filter: IS_PARCEL,
      minzoom: PARCEL_LABEL_MIN_ZOOM,
      layout: {
        visibility: visibility(showLabels),
        'text-field': LABEL_TEXT,
        'text-size': 11,
        'text-max-width': 8,
        'text-allow-overlap': false,
        // A parcel cut by tile edges is one feature per tile: without this it is labelled once per piece.
        'symbol-avoid-edges': true,
        'text-padding': 4,
      },
      paint: satellite
        ? { 'text-color': '#ffffff', 'text-halo-color': '#000000', 'text-halo-width': 1.2 }
        : { 'text-color': '#1f2933', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
    });
  }
  return layers;
}

export interface ParcelState {
  /** The configured tile URL template; asked for with the data version once it is known. */
  tilesUrl: string;
  dataVersion: number | undefined;
  hoverPin: string | null;
  selectedPin: string | null;
  showLabels: boolean;
  showOutlines: boolean;
  /**
   * Off from each style load until the view's parcels are first drawn: until then the highlight
   * source loads nothing, so the tile worker parses the parcels people see first.
   */
  showHighlights: boolean;
}

/** One filter update on a highlight layer. */
function setHighlightPin(map: MapboxMap, layerId: string, pin: string | null): void {
  map.setFilter(layerId, pinFilter(pin));
}

/** Shows or hides a layer if it exists (the label layer is absent from styles without glyphs). */
function setLayerVisible(map: MapboxMap, layerId: string, visible: boolean): void {
  if (map.getLayer(layerId)) map.setLayoutProperty(layerId, 'visibility', visibility(visible));
}

export const parcelLayer: DrawnLayer<ParcelState> = {
  initial: (config) => ({
    tilesUrl: config.parcelTilesUrl,
    dataVersion: undefined,
    hoverPin: null,
    selectedPin: null,
    showLabels: true,
    showOutlines: true,
    showHighlights: false,
  }),
  /**
   * The layers on top of the style, except the owner names, which go under the base map's own
   * labels: symbols are placed in layer order from the top, and owner names on top hid every street
   * name among dense lots (z14–z16).
   */
  install(map, state, { satellite }) {
    for (const id of PARCEL_SOURCE_IDS) map.addSource(id, parcelSource(versionedTilesUrl(state.tilesUrl, state.dataVersion)));
    const style = map.getStyle();
    const withLabels = Boolean(style?.glyphs);
    if (!withLabels) console.warn('Parcel labels left out: the map style declares no glyphs.');
    const firstBaseLabel = style?.layers?.find((layer) => layer.type === 'symbol')?.id;
    for (const layer of parcelLayers({ ...state, satellite, withLabels })) {
      map.addLayer(layer, layer.id === PARCEL_LAYER_IDS.label ? firstBaseLabel : undefined);
    }
  },
  update(map, state, previous) {
    const tilesUrl = versionedTilesUrl(state.tilesUrl, state.dataVersion);
    // mapbox-gl reloads the tiles of a source given new URLs (a new data version).
    if (tilesUrl !== versionedTilesUrl(previous.tilesUrl, previous.dataVersion)) {
      for (const id of PARCEL_SOURCE_IDS) (map.getSource(id) as VectorTileSource).setTiles([tilesUrl]);
    }
    if (state.hoverPin !== previous.hoverPin) setHighlightPin(map, PARCEL_LAYER_IDS.hover, state.hoverPin);
    if (state.selectedPin !== previous.selectedPin) {
      setHighlightPin(map, PARCEL_LAYER_IDS.selected, state.selectedPin);
      setHighlightPin(map, PARCEL_LAYER_IDS.selectedLine, state.selectedPin);
    }
    if (state.showLabels !== previous.showLabels) setLayerVisible(map, PARCEL_LAYER_IDS.label, state.showLabels);
    // 'Show Parcel Outlines': the fill's hairline and the line layer together.
    if (state.showOutlines !== previous.showOutlines) {
      map.setPaintProperty(PARCEL_LAYER_IDS.fill, 'fill-opacity', hairlineOpacity(state.showOutlines));
      setLayerVisible(map, PARCEL_LAYER_IDS.line, state.showOutlines);
    }
    if (state.showHighlights !== previous.showHighlights) for (const id of HIGHLIGHT_LAYER_IDS) setLayerVisible(map, id, state.showHighlights);
  },
  published(_state, map) {
    const line = map.getLayer(PARCEL_LAYER_IDS.line);
    const color = line && 'metadata' in line ? (line.metadata as { outlineColor?: unknown } | undefined)?.outlineColor : undefined;
    return {
      outlineColor: typeof color === 'string' ? color : '',
      ownerNames: layerVisibility(map, PARCEL_LAYER_IDS.label),
      parcelOutlines: layerVisibility(map, PARCEL_LAYER_IDS.line),
    };
  },
};
