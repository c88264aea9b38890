// The base styles of the imagery layers (GET /styles/imagery-{name}.json, and /styles/imagery.json with
// every layer stacked, the newest on top, so that wherever several cover the view the newest shows and
// elsewhere an older one fills in): the photos as raster sources over a plain background, with the county's boundaries, and the names every self-hosted style
// draws (water and road names of the context overlays, the demo base map's road names, the parcels'
// towns) on top in light text on a dark halo, legible over any photo. Roads, water and buildings are
// not drawn: the photo shows them. The style's name carries 'satellite', so the client's SPEC §4 rule (yellow
// parcel outlines on satellite styles) applies to it; the menu names it from the config entry.
import { IMAGERY_STYLE_SOURCE, NEWEST_IMAGERY_LABEL, NEWEST_IMAGERY_STYLE_ID, type Imagery, type Overlay } from '@parcel-map/shared/contracts';
import { BASEMAP_SOURCE, baseMapSource, contextLayersOf, contextSources, DARK_PALETTE, glyphsUrl, labelledContext, labelLayers } from './offlineStyles.ts';

/** The imagery layers served now; GET /api/imagery lists the same. */
export interface CurrentImagery {
  current(): Promise<Imagery[]>;
}

const IMAGERY_STYLE_PREFIX = 'imagery-';
/**
 * The imagery layers a style id draws, the lowest first: `imagery-<name>` that one layer, `imagery`
 * every layer served now in GET /api/imagery's order, the newest last (on top); none when it names no
 * imagery served now.
 */
export function findImageryForStyle(styleId: string, imagery: readonly Imagery[]): Imagery[] {
  if (styleId === NEWEST_IMAGERY_STYLE_ID) return [...imagery];
  if (!styleId.startsWith(IMAGERY_STYLE_PREFIX)) return [];
  const name = styleId.slice(IMAGERY_STYLE_PREFIX.length);
  return imagery.filter((layer) => layer.name === name);
}

/**
 * What the map's attribution says of a layer: its label and the year its photos were taken (unless the
 * label says it already), then the credit it was given — "Orthophoto (2024): MassGIS".
 */
export function imageryCredit(imagery: Pick<Imagery, 'label' | 'year' | 'attribution'>): string {
  const dated = imagery.year === null || imagery.label.includes(String(imagery.year)) ? imagery.label : `${imagery.label} (${imagery.year})`;
  return imagery.attribution === '' ? dated : `${dated}: ${imagery.attribution}`;
}

/** A layer's raster source: a service's tiles are on its own host, a file's on the API. */
function rasterSource(imagery: Imagery, publicBase: string) {
  return {
    type: 'raster',
    tiles: [imagery.source === 'service' ? imagery.tiles : `${publicBase}${imagery.tiles}`],
    bounds: imagery.bbox,
    minzoom: imagery.minzoom,
    maxzoom: imagery.maxzoom,
    tileSize: 256,
    attribution: imageryCredit(imagery),
  };
}

/**
 * `layers`: the imagery drawn, the lowest first (findImageryForStyle); the top one is the source the map
 * watches for a service that does not answer (IMAGERY_STYLE_SOURCE). `overlays`: those served now; the
 * style draws the boundaries among the ones marked as context.
 */
export function imageryStyle(styleId: string, layers: readonly Imagery[], publicBase: string, overlays: readonly Overlay[]) {
  const top = layers.at(-1);
  if (!top) throw new Error('an imagery style draws one imagery layer or more');
  const boundaries = overlays.filter((overlay) => overlay.context === 'boundaries');
  const labelled = labelledContext(overlays);
  const sourceId = (index: number) => (index === layers.length - 1 ? IMAGERY_STYLE_SOURCE : `${IMAGERY_STYLE_SOURCE}-under-${index}`);
  const footprint = [Math.min(...layers.map((layer) => layer.bbox[0])), Math.min(...layers.map((layer) => layer.bbox[1])), Math.max(...layers.map((layer) => layer.bbox[2])), Math.max(...layers.map((layer) => layer.bbox[3]))];
  return {
    version: 8,
    name: `Satellite imagery: ${styleId === NEWEST_IMAGERY_STYLE_ID ? NEWEST_IMAGERY_LABEL : top.label}`,
    metadata: { 'parcel-map:id': styleId },
    center: [(footprint[0]! + footprint[2]!) / 2, (footprint[1]! + footprint[3]!) / 2],
    zoom: Math.min(...layers.map((layer) => layer.minzoom)),
    glyphs: glyphsUrl(publicBase),
    sources: {
      ...Object.fromEntries(layers.map((layer, index) => [sourceId(index), rasterSource(layer, publicBase)])),
      [BASEMAP_SOURCE]: baseMapSource(publicBase),
      ...contextSources([...boundaries, ...labelled], publicBase),
    },
    layers: [
      // Outside the photos' footprints (and where they have no data) the map stays dark, as under a photo.
      { id: 'background', type: 'background', paint: { 'background-color': DARK_PALETTE.land } },
      ...layers.map((_, index) => ({ id: sourceId(index), type: 'raster', source: sourceId(index) })),
      ...contextLayersOf(boundaries, 'boundaries', DARK_PALETTE),
      ...labelLayers(labelled, DARK_PALETTE),
    ],
  };
}
