// The self-hosted base styles for offline use (DESIGN §4): land colour, and Lake Norman, roads and
// road names from the /basemap vector tiles (tiles/baseMap/baseMapTiles.ts), with the overlays marked
// as base-map context (water, roads, buildings, boundaries) drawn among them in the
// palette's colours, their water and road names over them, and the towns of the parcels' cities at
// z10–13, so a county outside the demo area has a background of its own without a Mapbox
// token. Parcel and contour layers are added by the client on every style load, above all of these,
// so they are not here. No style pretends to be imagery:
// the dark one only gives imagery-like contrast, and its name carries 'satellite' so that the
// client's SPEC §4 rule (yellow parcel outlines on satellite styles) applies to it.

import { BASEMAP_PLACES_LAYER, BASEMAP_STREETS_LAYER, BASEMAP_TILE_ZOOMS, OVERLAY_SOURCE_LAYER, OVERLAY_TILE_ZOOMS, type BaseMapLayer, type Overlay, type OverlayContextKind } from '@parcel-map/shared/contracts';

export const BASEMAP_SOURCE = 'basemap';

export interface OfflineStyleInfo {
  id: string;
  name: string;
}

interface Palette {
  land: string;
  water: string;
  minorCasing: string;
  minor: string;
  majorCasing: string;
  major: string;
  label: string;
  labelHalo: string;
  building: string;
  boundary: string;
}

const STREETS_LOCAL: OfflineStyleInfo = { id: 'streets-local', name: 'Streets (offline)' };
const DARK_LOCAL: OfflineStyleInfo = { id: 'dark-local', name: 'Dark (satellite contrast)' };
const OFFLINE_STYLES: readonly OfflineStyleInfo[] = [STREETS_LOCAL, DARK_LOCAL];

/** Light labels on a dark halo: the imagery styles draw their labels in it too, legible over a photo. */
export const DARK_PALETTE: Palette = {
  land: '#1f2a1d',
  water: '#0e1f33',
  minorCasing: '#141a13',
  minor: '#59615a',
  majorCasing: '#141a13',
  major: '#8c7b52',
  label: '#e8e8e8',
  labelHalo: '#000000',
  building: '#2c3a2a',
  boundary: '#9a9a9a',
};

const PALETTES: Record<string, Palette> = {
  [STREETS_LOCAL.id]: {
    land: '#f4f1ea',
    water: '#aad3df',
    minorCasing: '#d6d1c4',
    minor: '#ffffff',
    majorCasing: '#d9a441',
    major: '#fde293',
    label: '#555555',
    labelHalo: '#ffffff',
    building: '#d9d0c9',
    boundary: '#8c8a9e',
  },
  [DARK_LOCAL.id]: DARK_PALETTE,
};

/** Labels are drawn with the client's localFontFamily; the glyph URL only satisfies the style spec. */
const TEXT_FONT = ['Noto Sans Regular'];

export function findOfflineStyle(id: string): OfflineStyleInfo | undefined {
  return OFFLINE_STYLES.find((style) => style.id === id);
}

const roadWidth = (fromZoom: number, fromWidth: number, z18Width: number) => ['interpolate', ['exponential', 1.5], ['zoom'], fromZoom, fromWidth, 18, z18Width];

/** Each road kind as a wider casing under its fill; minor roads first so major roads draw over them. */
const ROAD_KINDS = [
  { kind: 'minor', minzoom: 12, casing: ['minorCasing', roadWidth(12, 1.5, 14)], fill: ['minor', roadWidth(12, 0.75, 11)] },
  { kind: 'major', minzoom: 0, casing: ['majorCasing', roadWidth(8, 1, 22)], fill: ['major', roadWidth(8, 0.5, 18)] },
] as const;

function roadLayers(colours: Palette) {
  return ROAD_KINDS.flatMap(({ kind, minzoom, casing, fill }) =>
    [
      { id: `road-${kind}-casing`, line: casing },
      { id: `road-${kind}`, line: fill },
    ].map(({ id, line: [colour, width] }) => ({
      id,
      type: 'line',
      source: BASEMAP_SOURCE,
      'source-layer': 'roads' satisfies BaseMapLayer,
      filter: ['==', ['get', 'kind'], kind],
      minzoom,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': colours[colour], 'line-width': width },
    })),
  );
}

const contextSourceId = (overlay: Overlay) => `context-${overlay.name}`;

/** A style layer drawing a context overlay (a fill, line or circle layer of mapbox-gl's style spec). */
interface ContextLayer {
  id: string;
  type: 'fill' | 'line' | 'circle';
  source: string;
  'source-layer': string;
  metadata: Record<string, string>;
  layout?: Record<string, unknown>;
  paint: Record<string, unknown>;
}

/** A context overlay's layers in the palette's colours: areas filled (boundaries outlined), lines stroked, points as dots. */
function contextLayers(overlay: Overlay, colours: Palette): ContextLayer[] {
  const kind = overlay.context!;
  const colour = { water: colours.water, roads: colours.minor, buildings: colours.building, boundaries: colours.boundary }[kind];
  const edge = { water: colours.water, roads: colours.minorCasing, buildings: colours.minorCasing, boundaries: colours.boundary }[kind];
  const common = { source: contextSourceId(overlay), 'source-layer': OVERLAY_SOURCE_LAYER, metadata: { 'parcel-map:context': kind } };
  const id = (part: string) => `context-${overlay.name}-${part}`;
  const dashed = kind === 'boundaries' ? { 'line-dasharray': [3, 2] } : {};
  if (overlay.geometryType === 'point') return [{ ...common, id: id('circle'), type: 'circle', paint: { 'circle-color': colour, 'circle-radius': 3 } }];
  if (overlay.geometryType === 'line') {
    return [{ ...common, id: id('line'), type: 'line', layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': colour, 'line-width': roadWidth(12, 1, 8), ...dashed } }];
  }
  return [
    ...(kind === 'boundaries' ? [] : [{ ...common, id: id('fill'), type: 'fill' as const, paint: { 'fill-color': colour } }]),
    ...(kind === 'water' ? [] : [{ ...common, id: id('line'), type: 'line' as const, paint: { 'line-color': edge, 'line-width': kind === 'boundaries' ? 1.5 : 0.75, ...dashed } }]),
  ];
}

// The pieces every self-hosted style shares (imageryStyles.ts draws them over a photo).

/** The layers of the context overlays of one kind, in the palette's colours. */
export function contextLayersOf(context: readonly Overlay[], kind: OverlayContextKind, colours: Palette): ContextLayer[] {
  return context.filter((overlay) => overlay.context === kind).flatMap((overlay) => contextLayers(overlay, colours));
}

export function contextSources(context: readonly Overlay[], publicBase: string) {
  return Object.fromEntries(
    context.map((overlay) => [
      contextSourceId(overlay),
      { type: 'vector', tiles: [`${publicBase}${overlay.tiles}`], minzoom: OVERLAY_TILE_ZOOMS.min, maxzoom: OVERLAY_TILE_ZOOMS.max, attribution: `${overlay.label}: ${overlay.source} (${overlay.licence})` },
    ]),
  );
}

export const glyphsUrl = (publicBase: string) => `${publicBase}/fonts/{fontstack}/{range}.pbf`;

/** The base map's vector tiles (the demo's lake, roads and their names; the parcels' towns), under the source id BASEMAP_SOURCE. */
export function baseMapSource(publicBase: string) {
  return {
    type: 'vector',
    tiles: [`${publicBase}/basemap/{z}/{x}/{y}.pbf`],
    minzoom: BASEMAP_TILE_ZOOMS.min,
    maxzoom: BASEMAP_TILE_ZOOMS.max,
    attribution: 'Lake Norman © Mecklenburg County GIS (MIT) · Demo county data (generated)',
  };
}

type LabelColours = Pick<Palette, 'label' | 'labelHalo'>;

const labelPaint = (colours: LabelColours) => ({ 'text-color': colours.label, 'text-halo-color': colours.labelHalo, 'text-halo-width': 1.5 });

/** The demo base map's road names, from z11 as the town names are, so that a zoomed-out view is never bare. */
function roadLabelLayer(colours: LabelColours) {
  return {
    id: 'road-label',
    type: 'symbol',
    source: BASEMAP_SOURCE,
    'source-layer': 'roads' satisfies BaseMapLayer,
    minzoom: 11,
    layout: {
      'symbol-placement': 'line',
      'text-field': ['get', 'name'],
      'text-font': TEXT_FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], 11, 9, 13, 10, 18, 14],
    },
    paint: labelPaint(colours),
  };
}

/**
 * The street names of an imported county whose data brings no roads (tiles/baseMap's streets layer,
 * from the parcels' site addresses): a point per run of a street's parcels, turned along the run and
 * with the map, from z14 where the streets between the parcels are wide enough to read.
 */
function streetLabelLayer(colours: LabelColours) {
  return {
    id: 'street-label',
    type: 'symbol',
    source: BASEMAP_SOURCE,
    'source-layer': BASEMAP_STREETS_LAYER,
    minzoom: 14,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': TEXT_FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], 14, 10, 18, 14],
      'text-rotate': ['get', 'rotate'],
      'text-rotation-alignment': 'map',
      'text-max-width': 20,
    },
    paint: labelPaint(colours),
  };
}

/**
 * The town names of the parcels' cities (tiles/baseMap's places layer) at z10–13, where the parcels'
 * own labels and the street names are still too small to say where the view is; the town of most
 * parcels placed first.
 */
function townLabelLayer(colours: LabelColours) {
  return {
    id: 'town-label',
    type: 'symbol',
    source: BASEMAP_SOURCE,
    'source-layer': BASEMAP_PLACES_LAYER,
    minzoom: 10,
    maxzoom: 14,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': TEXT_FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], 10, 13, 13, 17],
      'text-letter-spacing': 0.05,
      'symbol-sort-key': ['get', 'rank'],
    },
    paint: { ...labelPaint(colours), 'text-halo-width': 2 },
  };
}

/** The context overlays whose names the styles draw: water and roads with a labelAttribute. */
export const labelledContext = (overlays: readonly Overlay[]) =>
  overlays.filter((overlay) => (overlay.context === 'water' || overlay.context === 'roads') && overlay.style.labelAttribute !== undefined);

/**
 * Names of the context overlays that have a labelAttribute (chosen at import): water names inside
 * their areas (a polygon's label goes to its pole of inaccessibility) or along their lines, road names
 * along the lines — or along the edges of a road surface's polygons. Features without a name carry
 * none in their tiles (tiles/overlays), hence the `has` filter.
 */
function contextLabelLayers(context: readonly Overlay[], colours: LabelColours) {
  return labelledContext(context).map((overlay) => {
    const attribute = overlay.style.labelAttribute!;
    const alongLines = overlay.geometryType === 'line' || (overlay.context === 'roads' && overlay.geometryType === 'polygon');
    const water = overlay.context === 'water';
    return {
      id: `context-${overlay.name}-label`,
      type: 'symbol',
      source: contextSourceId(overlay),
      'source-layer': OVERLAY_SOURCE_LAYER,
      metadata: { 'parcel-map:context': overlay.context! },
      minzoom: water ? 11 : 12,
      filter: ['has', attribute],
      layout: {
        'symbol-placement': alongLines ? 'line' : 'point',
        'text-field': ['get', attribute],
        'text-font': TEXT_FONT,
        'text-size': ['interpolate', ['linear'], ['zoom'], 12, 10, 18, 14],
        ...(alongLines ? {} : { 'text-max-width': 8 }),
        ...(water ? { 'text-letter-spacing': 0.1 } : {}),
      },
      paint: labelPaint(colours),
    };
  });
}

/**
 * Every self-hosted style's names, drawn last and so above the parcels (the map puts its parcel layers
 * under a style's first symbol layer): water and road names of the context overlays, the demo base
 * map's road names, the streets of the parcels' addresses (unless a context road overlay names the
 * streets itself), the towns of the parcels; the later ones placed first where labels collide.
 */
export function labelLayers(context: readonly Overlay[], colours: LabelColours) {
  const namedRoads = labelledContext(context).some((overlay) => overlay.context === 'roads');
  return [...contextLabelLayers(context, colours), roadLabelLayer(colours), ...(namedRoads ? [] : [streetLabelLayer(colours)]), townLabelLayer(colours)];
}

/** `overlays`: those served now (GET /api/overlays's list); the style draws the ones marked as context. */
export function offlineStyle(info: OfflineStyleInfo, publicBase: string, overlays: readonly Overlay[]) {
  const colours = PALETTES[info.id];
  if (!colours) throw new Error(`no palette for style ${info.id}`);
  const context = overlays.filter((overlay) => overlay.context !== null);
  const layersOf = (kind: OverlayContextKind) => contextLayersOf(context, kind, colours);
  return {
    version: 8,
    name: info.name,
    metadata: { 'parcel-map:id': info.id },
    center: [-80.86, 35.62],
    zoom: 13,
    glyphs: glyphsUrl(publicBase),
    sources: {
      [BASEMAP_SOURCE]: baseMapSource(publicBase),
      ...contextSources(context, publicBase),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.land } },
      // No outline: the lake comes as adjoining pieces, and an outline would draw the seams between them.
      { id: 'water', type: 'fill', source: BASEMAP_SOURCE, 'source-layer': 'water' satisfies BaseMapLayer, paint: { 'fill-color': colours.water } },
      ...layersOf('water'),
      ...layersOf('buildings'),
      ...roadLayers(colours),
      ...layersOf('roads'),
      ...layersOf('boundaries'),
      ...labelLayers(context, colours),
    ],
  };
}
