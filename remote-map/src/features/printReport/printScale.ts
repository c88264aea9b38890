// The scale bar of the print report: a round length in feet or miles and its share of the image width.

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const FEET_PER_METRE = 3.28084;
/** mapbox-gl's world is 512 px wide at zoom 0. */
const WORLD_PX = 512;

export function feetPerPixel(lat: number, zoom: number): number {
  return ((EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (WORLD_PX * 2 ** zoom)) * FEET_PER_METRE;
}

const NICE_FEET = [10, 20, 50, 100, 200, 250, 500, 1000, 2000, 2640, 5280, 10560, 26400, 52800, 105600, 264000];

/** The largest round length that fits in `maxFraction` of a `widthPx` wide view. */
export function scaleBar(lat: number, zoom: number, widthPx: number, maxFraction = 0.25): { label: string; fraction: number } {
  const viewFeet = feetPerPixel(lat, zoom) * widthPx;
  const feet = [...NICE_FEET].reverse().find((candidate) => candidate <= viewFeet * maxFraction) ?? NICE_FEET[0]!;
  const label = feet >= 2640 ? `${feet / 5280} mi` : `${feet} ft`;
  return { label, fraction: feet / viewFeet };
}
