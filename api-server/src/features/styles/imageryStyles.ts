// The base styles of the imagery layers (GET /styles/imagery-{name}.json): the photo as a raster
// source over a plain background, with the county's boundaries, and the names every self-hosted style
// draws (water and road names of the context overlays, the demo base map's road names, the parcels'
// towns) on top in light text on a dark halo, legible over any photo. Roads, water and buildings are
// not drawn: the photo shows them. The style's name carries 'satellite', so the client's SPEC §4 rule (yellow
// parcel outlines on satellite styles) applies to it; the menu names it from the config entry.
import { IMAGERY_STYLE_SOURCE, type Imagery, type Overlay } from '@parcel-map/shared/contracts';
import { BASEMAP_SOURCE, baseMapSource, contextLayersOf, contextSources, DARK_PALETTE, glyphsUrl, labelledContext, labelLayers } from './offlineStyles.ts';

/** The imagery layers served now; GET /api/imagery lists the same. */
export interface CurrentImagery {
  current(): Promise<Imagery[]>;
}

const IMAGERY_STYLE_PREFIX = 'imagery-';
const IMAGERY_SOURCE = IMAGERY_STYLE_SOURCE;

/** The imagery layer a style id names (`imagery-<name>`), if it is one served now. */
export function findImageryForStyle(styleId: string, imagery: readonly Imagery[]): Imagery | undefined {
  if (!styleId.startsWith(IMAGERY_STYLE_PREFIX)) return undefined;
  const name = styleId.slice(IMAGERY_STYLE_PREFIX.length);
  return imagery.find((layer) => layer.name === name);
}

/** `overlays`: those served now; the style draws the boundaries among the ones marked as context. */
export function imageryStyle(imagery: Imagery, publicBase: string, overlays: readonly Overlay[]) {
  const boundaries = overlays.filter((overlay) => overlay.context === 'boundaries');
  const labelled = labelledContext(overlays);
  return {
    version: 8,
    name: `Satellite imagery: ${imagery.label}`,
    metadata: { 'parcel-map:id': `${IMAGERY_STYLE_PREFIX}${imagery.name}` },
    center: [(imagery.bbox[0] + imagery.bbox[2]) / 2, (imagery.bbox[1] + imagery.bbox[3]) / 2],
    zoom: imagery.minzoom,
    glyphs: glyphsUrl(publicBase),
    sources: {
      [IMAGERY_SOURCE]: {
        type: 'raster',
        // A service's tiles are on its own host; a file's on the API.
        tiles: [imagery.source === 'service' ? imagery.tiles : `${publicBase}${imagery.tiles}`],
        bounds: imagery.bbox,
        minzoom: imagery.minzoom,
        maxzoom: imagery.maxzoom,
        tileSize: 256,
        attribution: `${imagery.label}: ${imagery.attribution}`,
      },
      [BASEMAP_SOURCE]: baseMapSource(publicBase),
      ...contextSources([...boundaries, ...labelled], publicBase),
    },
    layers: [
      // Outside the photo's footprint (and where it has no data) the map stays dark, as under a photo.
      { id: 'background', type: 'background', paint: { 'background-color': DARK_PALETTE.land } },
      { id: IMAGERY_SOURCE, type: 'raster', source: IMAGERY_SOURCE },
      ...contextLayersOf(boundaries, 'boundaries', DARK_PALETTE),
      ...labelLayers(labelled, DARK_PALETTE),
    ],
  };
}
