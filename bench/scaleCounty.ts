// The scale bench's generated county: where it lies, which lots stand for all of it, and the z14
// tiles its cold tile rows ask for, shared by scale.bench.ts and tileSourcesCli.ts so that the tile
// sources are compared on the very tiles the API's cold p95 is measured on.
import { lonLatToTile } from '../api-server/src/tiles/kit/tileMath.ts';
import { PARCEL_TILE_ZOOMS } from '../shared/src/tiles/tileSets.ts';
import { generatedLotCentre } from './generatedParcels.ts';

/** The generated county's south-west corner: far from the demo county, which the scale database does not hold. */
export const SCALE_ORIGIN = { lon: -100, lat: 40 };
/** The zoom of a first map view over a town: the cold tiles are measured there. */
const COLD_TILE_ZOOM = 14;
/** A cold z14 tile, asked of the API (scale.bench.ts) or built in-process (tileSources.bench.ts). */
export const COLD_TILE_P95_BUDGET_MS = 30;
const COLD_TILE_LOTS = 50;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The i-th of n lots spread over the whole county of `parcels` lots. */
export const spreadLot = (i: number, n: number, parcels: number) => Math.floor(((i + 0.5) / n) * parcels);

/** The z14 tiles under 50 lots spread over a county of `parcels` lots, in lot order, each once (two lots may share one). */
export function coldTileChoice(parcels: number): TileAddress[] {
  if (COLD_TILE_ZOOM < PARCEL_TILE_ZOOMS.min || COLD_TILE_ZOOM > PARCEL_TILE_ZOOMS.max) throw new Error(`z${COLD_TILE_ZOOM} is not a parcel tile zoom`);
  const tiles = new Map<string, TileAddress>();
  for (let n = 0; n < COLD_TILE_LOTS; n++) {
    const { lon, lat } = generatedLotCentre(spreadLot(n, COLD_TILE_LOTS, parcels), parcels, SCALE_ORIGIN);
    const { x, y } = lonLatToTile(lon, lat, COLD_TILE_ZOOM);
    tiles.set(`${x}/${y}`, { z: COLD_TILE_ZOOM, x, y });
  }
  return [...tiles.values()];
}
