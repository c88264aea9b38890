// Lake Norman (real outline, data/lake-norman.geojson, MIT — Mecklenburg County GIS) in the demo
// county's metre frame: a raster mask for fast "is this land?" checks and exact clipping of shore lots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as turf from '@turf/turf';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import { toMetres } from './localFrame.ts';

const LAKE_FILE = path.resolve(import.meta.dirname, '../../data/lake-norman.geojson');
const CHUNK_M = 500;

let cachedLake: FeatureCollection<Polygon> | undefined;

/** The lake polygons in lon/lat (also served to the base styles). */
export function lakeLngLat(): FeatureCollection<Polygon> {
  cachedLake ??= JSON.parse(readFileSync(LAKE_FILE, 'utf8')) as FeatureCollection<Polygon>;
  return cachedLake;
}

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export class Lake {
  readonly rings: Position[][][];
  readonly #mask: Uint8Array;
  readonly #cols: number;
  readonly #rows: number;
  readonly #bounds: Bounds;
  readonly #cell: number;
  readonly #chunks = new Map<string, Position[][][]>();

  constructor(bounds: Bounds, cell = 10) {
    this.rings = lakeLngLat().features.map((feature) => feature.geometry.coordinates.map((ring) => ring.map(([lng, lat]) => toMetres(lng!, lat!))));
    this.#bounds = bounds;
    this.#cell = cell;
    this.#cols = Math.ceil((bounds.x1 - bounds.x0) / cell);
    this.#rows = Math.ceil((bounds.y1 - bounds.y0) / cell);
    this.#mask = new Uint8Array(this.#cols * this.#rows);
    this.#rasterise();
  }

  /** Scanline fill (even-odd over all rings) at cell centres. */
  #rasterise(): void {
    const crossings: number[][] = Array.from({ length: this.#rows }, () => []);
    for (const polygon of this.rings) {
      for (const ring of polygon) {
        for (let i = 0; i + 1 < ring.length; i += 1) {
          const [ax, ay] = ring[i] as [number, number];
          const [bx, by] = ring[i + 1] as [number, number];
          const lo = Math.min(ay, by);
          const hi = Math.max(ay, by);
          const r0 = Math.max(0, Math.ceil((lo - this.#bounds.y0) / this.#cell - 0.5));
          const r1 = Math.min(this.#rows - 1, Math.floor((hi - this.#bounds.y0) / this.#cell - 0.5));
          for (let r = r0; r <= r1; r += 1) {
            const y = this.#bounds.y0 + (r + 0.5) * this.#cell;
            if (y < lo || y >= hi) continue;
            crossings[r]!.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
          }
        }
      }
    }
    for (let r = 0; r < this.#rows; r += 1) {
      const xs = crossings[r]!.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const c0 = Math.max(0, Math.ceil((xs[k]! - this.#bounds.x0) / this.#cell - 0.5));
        const c1 = Math.min(this.#cols - 1, Math.floor((xs[k + 1]! - this.#bounds.x0) / this.#cell - 0.5));
        if (c0 <= c1) this.#mask.fill(1, r * this.#cols + c0, r * this.#cols + c1 + 1);
      }
    }
  }

  isWater(x: number, y: number): boolean {
    const c = Math.floor((x - this.#bounds.x0) / this.#cell);
    const r = Math.floor((y - this.#bounds.y0) / this.#cell);
    if (c < 0 || r < 0 || c >= this.#cols || r >= this.#rows) return false;
    return this.#mask[r * this.#cols + c] === 1;
  }

  /** Water cells whose centres lie in the box, and all such cells. */
  waterInBox(b: Bounds): { water: number; total: number } {
    const c0 = Math.max(0, Math.floor((b.x0 - this.#bounds.x0) / this.#cell));
    const c1 = Math.min(this.#cols - 1, Math.floor((b.x1 - this.#bounds.x0) / this.#cell));
    const r0 = Math.max(0, Math.floor((b.y0 - this.#bounds.y0) / this.#cell));
    const r1 = Math.min(this.#rows - 1, Math.floor((b.y1 - this.#bounds.y0) / this.#cell));
    let water = 0;
    for (let r = r0; r <= r1; r += 1) {
      const row = r * this.#cols;
      for (let c = c0; c <= c1; c += 1) water += this.#mask[row + c]!;
    }
    return { water, total: Math.max(0, c1 - c0 + 1) * Math.max(0, r1 - r0 + 1) };
  }

  /** The land part of a polygon (largest piece), or undefined when nothing sensible is left. */
  landPart(ring: Position[]): Position[] | undefined {
    const b = ringBounds(ring);
    const pieces = this.#piecesNear(b);
    if (pieces.length === 0) return ring;
    const lot = turf.polygon([ring]);
    let land: Feature<Polygon | MultiPolygon> | null;
    try {
      land = turf.difference(turf.featureCollection<Polygon | MultiPolygon>([lot, ...pieces.map((piece) => turf.polygon(piece))]));
    } catch {
      // polyclip gives up on rare near-degenerate input: keep the lot only if its centre is dry.
      const c = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2] as const;
      return this.isWater(c[0], c[1]) ? undefined : ring;
    }
    if (!land) return undefined;
    const polygons = land.geometry.type === 'Polygon' ? [land.geometry.coordinates] : land.geometry.coordinates;
    let best: Position[] | undefined;
    let bestArea = 0;
    for (const polygon of polygons) {
      const outer = polygon[0];
      if (!outer) continue;
      const a = Math.abs(ringArea(outer));
      if (a > bestArea) {
        bestArea = a;
        best = outer;
      }
    }
    return best;
  }

  #piecesNear(b: Bounds): Position[][][] {
    const pieces: Position[][][] = [];
    const bbox: [number, number, number, number] = [b.x0 - 1, b.y0 - 1, b.x1 + 1, b.y1 + 1];
    for (let cx = Math.floor(b.x0 / CHUNK_M); cx <= Math.floor(b.x1 / CHUNK_M); cx += 1) {
      for (let cy = Math.floor(b.y0 / CHUNK_M); cy <= Math.floor(b.y1 / CHUNK_M); cy += 1) {
        for (const chunk of this.#chunk(cx, cy)) {
          const parts = polygonsOf(turf.bboxClip(turf.polygon(chunk), bbox).geometry);
          for (const part of parts) if (part[0] && part[0].length >= 4) pieces.push(part);
        }
      }
    }
    return pieces;
  }

  #chunk(cx: number, cy: number): Position[][][] {
    const key = `${cx}/${cy}`;
    let chunk = this.#chunks.get(key);
    if (chunk) return chunk;
    chunk = [];
    const bbox: [number, number, number, number] = [cx * CHUNK_M - 2, cy * CHUNK_M - 2, (cx + 1) * CHUNK_M + 2, (cy + 1) * CHUNK_M + 2];
    for (const polygon of this.rings) {
      const pb = ringBounds(polygon[0]!);
      if (pb.x1 < bbox[0] || pb.x0 > bbox[2] || pb.y1 < bbox[1] || pb.y0 > bbox[3]) continue;
      const parts = polygonsOf(turf.bboxClip(turf.polygon(polygon), bbox).geometry);
      for (const part of parts) if (part[0] && part[0].length >= 4) chunk.push(part);
    }
    this.#chunks.set(key, chunk);
    return chunk;
  }
}

function polygonsOf(geometry: Geometry): Position[][][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

export function ringBounds(ring: readonly Position[]): Bounds {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of ring) {
    x0 = Math.min(x0, p[0]!);
    x1 = Math.max(x1, p[0]!);
    y0 = Math.min(y0, p[1]!);
    y1 = Math.max(y1, p[1]!);
  }
  return { x0, y0, x1, y1 };
}

export function ringArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i += 1) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum / 2;
}
