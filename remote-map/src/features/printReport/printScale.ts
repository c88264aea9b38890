// The scale maths of a printed map: web-mercator ground resolution, the zoom that draws a chosen
// scale on paper, the view that fits an extent in the map frame, and the scale bar's round length.

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const FEET_PER_METRE = 3.28084;
/** mapbox-gl's world is 512 px wide at zoom 0. */
const WORLD_PX = 512;
/** The map frame is drawn at CSS pixels, 96 to the inch: map symbols come out at their screen size on paper. */
export const CSS_PX_PER_INCH = 96;

export function metresPerPixel(lat: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (WORLD_PX * 2 ** zoom);
}

const feetPerPixel = (lat: number, zoom: number) => metresPerPixel(lat, zoom) * FEET_PER_METRE;

/** The zoom at which one inch of a frame drawn at CSS_PX_PER_INCH shows `feetPerInch` of ground at `lat`. */
export function zoomForScale(lat: number, feetPerInch: number): number {
  const feetPerPx = feetPerInch / CSS_PX_PER_INCH;
  return Math.log2((EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180) * FEET_PER_METRE) / (WORLD_PX * feetPerPx));
}

/** Ground feet per printed inch of a frame drawn at `zoom`. */
export function feetPerInchAt(lat: number, zoom: number): number {
  return feetPerPixel(lat, zoom) * CSS_PX_PER_INCH;
}

/** A printed scale: engineering (1" = 100') or ratio (1:1,200). */
export interface PrintScale {
  id: string;
  label: string;
  feetPerInch: number;
}

const engineering = (feet: number): PrintScale => ({ id: `eng-${feet}`, label: `1" = ${feet.toLocaleString('en-US')}'`, feetPerInch: feet });
const ratio = (denominator: number): PrintScale => ({ id: `ratio-${denominator}`, label: ratioLabel(denominator / 12), feetPerInch: denominator / 12 });

export const ENGINEERING_SCALES: readonly PrintScale[] = [50, 100, 200, 400, 1000].map(engineering);
export const RATIO_SCALES: readonly PrintScale[] = [1200, 2400, 4800, 12_000, 24_000].map(ratio);

/** '1:1,200' for 100 ft to the inch (12 inches to the foot). */
export function ratioLabel(feetPerInch: number): string {
  return `1:${Math.round(feetPerInch * 12).toLocaleString('en-US')}`;
}

/** [west, south, east, north] in degrees. */
export type Bounds = readonly [number, number, number, number];

const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};
const latOfMercatorY = (y: number) => (360 / Math.PI) * Math.atan(Math.exp((0.5 - y) * 2 * Math.PI)) - 90;

export interface PrintView {
  lng: number;
  lat: number;
  zoom: number;
}

/**
 * The view that shows `bounds` whole in a frame `widthPx` × `heightPx` with `paddingPx` clear at
 * each side, never zoomed in past `maxZoom` (a single point or a tiny lot).
 */
export function viewToFit(bounds: Bounds, widthPx: number, heightPx: number, paddingPx: number, maxZoom: number): PrintView {
  const [west, south, east, north] = bounds;
  const x0 = mercatorX(west);
  const x1 = mercatorX(east);
  const y0 = mercatorY(north);
  const y1 = mercatorY(south);
  const fitX = (widthPx - 2 * paddingPx) / ((x1 - x0) * WORLD_PX);
  const fitY = (heightPx - 2 * paddingPx) / ((y1 - y0) * WORLD_PX);
  const zoom = Math.min(Math.log2(Math.min(fitX, fitY)), maxZoom);
  return { lng: (west + east) / 2, lat: latOfMercatorY((y0 + y1) / 2), zoom };
}

const NICE_FEET = [10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000];

/** The scale bar: the longest round length no longer than `maxInches` at this scale, and its printed length. */
export function scaleBar(feetPerInch: number, maxInches: number): { feet: number; inches: number; label: string } {
  const feet = [...NICE_FEET].reverse().find((candidate) => candidate <= feetPerInch * maxInches) ?? NICE_FEET[0]!;
  return { feet, inches: feet / feetPerInch, label: `${feet.toLocaleString('en-US')} ft` };
}
