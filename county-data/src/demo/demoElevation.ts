// A deterministic elevation surface for the demo county (metres above sea level): Lake Norman's
// surface is flat at 232 m (full pond, 760 ft), and the land rises smoothly away from the shore to
// roughly 300–320 m, a little higher to the north (Statesville), with gentle rolling hills. The
// distance to the lake comes from a chamfer distance transform of the lake mask, blurred so the
// slopes have no creases.
import { sampleGrid } from '@parcel-map/shared/contracts';
import { Lake } from './lake.ts';
import { toMetres } from './localFrame.ts';

export const LAKE_SURFACE_M = 232;
/** The surface is defined over this box (metres from the demo centre); outside it is clamped. */
const AREA = { x0: -20_000, y0: -22_000, x1: 22_000, y1: 24_000 };
const CELL_M = 50;
const SHORE_RISE_M = 52;
const SHORE_SCALE_M = 2200;
const HILL_RAMP_M = 700;

interface DistanceField {
  cols: number;
  rows: number;
  metres: Float32Array;
}

let field: DistanceField | undefined;

/** Elevation in metres at a lon/lat. */
export function elevationAt(lng: number, lat: number): number {
  const [x, y] = toMetres(lng, lat);
  return elevationAtMetres(x, y);
}

function elevationAtMetres(x: number, y: number): number {
  const d = lakeDistance(x, y);
  if (d <= 0) return LAKE_SURFACE_M;
  const shore = 1 - Math.exp(-d / SHORE_SCALE_M);
  const north = 16 * smoothstep(-14_000, 16_000, y);
  const hills = 7 * Math.sin(x / 1900 + 1.3) * Math.cos(y / 1600 + 0.4) + 4 * Math.sin((x + y) / 1100 + 2.1) + 2.5 * Math.cos((x - 2 * y) / 700 + 0.7);
  const ramp = 1 - Math.exp(-d / HILL_RAMP_M);
  return LAKE_SURFACE_M + shore * (SHORE_RISE_M + north) + ramp * (hills + 9);
}

/** Metres to the nearest lake cell (0 on the water), bilinear between the cells of the field. */
function lakeDistance(x: number, y: number): number {
  const { cols, rows, metres } = (field ??= buildDistanceField());
  return sampleGrid(metres, cols, rows, (x - AREA.x0) / CELL_M - 0.5, (y - AREA.y0) / CELL_M - 0.5);
}

function buildDistanceField(): DistanceField {
  const cols = Math.ceil((AREA.x1 - AREA.x0) / CELL_M);
  const rows = Math.ceil((AREA.y1 - AREA.y0) / CELL_M);
  const lake = new Lake(AREA, CELL_M);
  const inf = 1e9;
  let d: Float32Array = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      d[r * cols + c] = lake.isWater(AREA.x0 + (c + 0.5) * CELL_M, AREA.y0 + (r + 0.5) * CELL_M) ? 0 : inf;
    }
  }
  // Two-pass 3-4 chamfer transform (within ~8% of the Euclidean distance), in cells.
  const a = 1;
  const b = Math.SQRT2;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const i = r * cols + c;
      let v = d[i]!;
      if (c > 0) v = Math.min(v, d[i - 1]! + a);
      if (r > 0) {
        v = Math.min(v, d[i - cols]! + a);
        if (c > 0) v = Math.min(v, d[i - cols - 1]! + b);
        if (c < cols - 1) v = Math.min(v, d[i - cols + 1]! + b);
      }
      d[i] = v;
    }
  }
  for (let r = rows - 1; r >= 0; r -= 1) {
    for (let c = cols - 1; c >= 0; c -= 1) {
      const i = r * cols + c;
      let v = d[i]!;
      if (c < cols - 1) v = Math.min(v, d[i + 1]! + a);
      if (r < rows - 1) {
        v = Math.min(v, d[i + cols]! + a);
        if (c < cols - 1) v = Math.min(v, d[i + cols + 1]! + b);
        if (c > 0) v = Math.min(v, d[i + cols - 1]! + b);
      }
      d[i] = v;
    }
  }
  for (let i = 0; i < d.length; i += 1) d[i] = d[i]! * CELL_M;
  // Two box blurs (radius 3 cells) take the creases out of the chamfer distance; water stays 0.
  const water = d.map((v) => (v === 0 ? 1 : 0));
  for (let pass = 0; pass < 2; pass += 1) d = boxBlur(d, cols, rows, 3);
  for (let i = 0; i < d.length; i += 1) if (water[i]) d[i] = 0;
  return { cols, rows, metres: d };
}

function boxBlur(src: Float32Array, cols: number, rows: number, radius: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, c - radius); k <= Math.min(cols - 1, c + radius); k += 1) {
        sum += src[r * cols + k]!;
        n += 1;
      }
      tmp[r * cols + c] = sum / n;
    }
  }
  for (let c = 0; c < cols; c += 1) {
    for (let r = 0; r < rows; r += 1) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, r - radius); k <= Math.min(rows - 1, r + radius); k += 1) {
        sum += tmp[k * cols + c]!;
        n += 1;
      }
      out[r * cols + c] = sum / n;
    }
  }
  return out;
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}
