// What a parcel tile holds and how finely, whichever source builds it (parcelTileSource.ts): the
// parcels found in the tile grown by the query buffer, the least size of one drawn, the simplification
// tolerance and which properties it carries.
import { PARCEL_LABEL_MIN_ZOOM } from '@parcel-map/shared/contracts';
import { BUFFER, EXTENT, type ParcelTileOptions } from './parcelTileEncoder.ts';
import { tileBounds, type LonLatBox } from '../kit/tileMath.ts';

// Query a little more than the tile's buffer so clipped edges at tile borders are drawn.
export const QUERY_BUFFER_FRACTION = (2 * BUFFER) / EXTENT;
/** From this zoom every parcel is in its tiles, outlines within 1/16 px. */
const FULL_DETAIL_ZOOM = 13;
// Names, addresses and acreage only from the label zoom: below it a click reads them from the API.
// The initial view's twelve z13 tiles went from 2.3 MB to 1.2 MB gzipped, which the browser's
// workers decode before the first parcels are drawn.
const FULL_PROPERTIES_ZOOM = PARCEL_LABEL_MIN_ZOOM;
// Simplification tolerance in tile units (4096 per 512 px: 8 per pixel) at the requested zoom; 0.5
// took the densest z13 tile from 548 KB to 400 KB gzipped.
const EXACT_TOLERANCE = 0.5;
const GENERALISED_TOLERANCE = 8;
// Below FULL_DETAIL_ZOOM parcels smaller than this many pixels both ways are left out: at 3 px
// (and no simplification) the densest z11/z12 demo-county tiles reached 550–670 KB gzipped; at 5 px,
// simplified, the densest z12 tile is ~210 KB (bench/tileSizes.ts; budget 500 KB).
const MIN_PIXELS_BELOW_FULL_DETAIL = 5;
const TILE_PIXELS = 512;

export interface ParcelTileRules {
  /** The tile grown by the query buffer: the parcels whose box overlaps it are the tile's. */
  bounds: LonLatBox;
  /** The least width or height in degrees of a parcel drawn (0: every parcel). */
  minSize: number;
  options: ParcelTileOptions;
}

export function parcelTileRules(z: number, x: number, y: number): ParcelTileRules {
  const degreesPerPixel = 360 / 2 ** z / TILE_PIXELS;
  return {
    bounds: tileBounds(z, x, y, QUERY_BUFFER_FRACTION),
    minSize: z < FULL_DETAIL_ZOOM ? MIN_PIXELS_BELOW_FULL_DETAIL * degreesPerPixel : 0,
    options: { tolerance: z >= FULL_DETAIL_ZOOM ? EXACT_TOLERANCE : GENERALISED_TOLERANCE, fullProperties: z >= FULL_PROPERTIES_ZOOM },
  };
}
