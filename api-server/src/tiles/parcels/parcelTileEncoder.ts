// One parcel tile straight from its parcels: each outline, already projected (tileParcelSet.ts), scaled into the tile's coordinates,
// simplified (Douglas–Peucker, simplify-js), clipped to the tile and its buffer (lineclip), rounded
// and wound as MVT wants, then written with pbf. geojson-vt, used before, builds a tile index from
// zoom 0 down (four child tiles per level, fourteen levels for a z14 tile): ~60% of a cold build once
// the parcels came from memory; vt-pbf then spent more than its geometry on property lookups. Same extent, buffer, tolerances and properties; vertices differ from
// geojson-vt's only where its simplification or clipping order differs, within the tolerance.
import { clipPolygon, type BoundingBox, type Point } from 'lineclip';
import simplify from 'simplify-js';
import { PbfWriter } from 'pbf';
import { LayerValues } from './layerValues.ts';
import { isNullText, TEXT_FIELD, TEXT_FIELDS, textStart, type TileParcelSet } from './tileParcelSet.ts';

export const EXTENT = 4096;
export const BUFFER = 64;
/** About what a parcel takes in a tile with its properties (a dense z14 tile of quadrilaterals: ~136 bytes). */
const BYTES_PER_PARCEL = 128;
const CLIP_BOX: BoundingBox = [-BUFFER, -BUFFER, EXTENT + BUFFER, EXTENT + BUFFER];

export interface ParcelTileOptions {
  /** Douglas–Peucker tolerance in tile units (EXTENT per tile); rings smaller than its square are left out. */
  tolerance: number;
  /** Owner, address, city and acreage besides the pin. */
  fullProperties: boolean;
}

/** x, y pairs in integer tile units. */
type Ring = number[];
type Vertex = { x: number; y: number };

// MVT (vector-tile-spec 2.1) field numbers and geometry commands.
const TILE_LAYERS = 3;
const LAYER = { version: 15, name: 1, features: 2, keys: 3, values: 4, extent: 5 } as const;
const FEATURE = { id: 1, tags: 2, type: 3, geometry: 4 } as const;
const VALUE = { string: 1, double: 3, uint: 5, sint: 6 } as const;
const POLYGON = 3;
const MOVE_TO = 1;
const LINE_TO = 2;
const CLOSE_PATH = 7;

/**
 * The MVT (uncompressed) with one layer named `layer` holding the set's parcels at `indices`, in that
 * order, or undefined when none of them shows in the tile.
 */
export function encodeParcelTile(
  layer: string,
  parcels: TileParcelSet,
  indices: ArrayLike<number> & Iterable<number>,
  tile: { z: number; x: number; y: number },
  options: ParcelTileOptions,
): Uint8Array | undefined {
  const scale = 2 ** tile.z;
  const { coords, ringStarts } = parcels;
  const ringVertices = (r: number): Vertex[] => {
    const vertices: Vertex[] = [];
    for (let i = ringStarts[r]!; i < ringStarts[r + 1]!; i += 1) {
      vertices.push({ x: (coords[2 * i]! * scale - tile.x) * EXTENT, y: (coords[2 * i + 1]! * scale - tile.y) * EXTENT });
    }
    return vertices;
  };
  const keys = new Map<string, number>();
  const keyIndex = (key: string): number => {
    let index = keys.get(key);
    if (index === undefined) keys.set(key, (index = keys.size));
    return index;
  };
  const values = new LayerValues(parcels.text);
  const { textEnds, nullTexts } = parcels;
  /** Parcel p's text field t as a value's index. */
  const textIndex = (p: number, t: number) => values.indexOfText(textStart(textEnds, p, t), textEnds[p * TEXT_FIELDS + t]!);
  /** Whether parcel p's text field t is neither null nor empty. */
  const present = (p: number, t: number) => !isNullText(nullTexts, p, t) && textEnds[p * TEXT_FIELDS + t]! > textStart(textEnds, p, t);
  const tagIndices: number[] = [];
  const tag = (key: string, value: number) => tagIndices.push(keyIndex(key), value);
  // Room for the tile from the start: grown from pbf's 16 bytes, a dense tile went through fifteen
  // buffers (~1 MB outside the heap, which V8 counts toward starting its full collections).
  const pbf = new PbfWriter(new Uint8Array(BYTES_PER_PARCEL * indices.length + 1024));
  let features = 0;
  pbf.writeMessage(TILE_LAYERS, () => {
    pbf.writeVarintField(LAYER.version, 2);
    pbf.writeStringField(LAYER.name, layer);
    pbf.writeVarintField(LAYER.extent, EXTENT);
    for (const p of indices) {
      const rings: Ring[] = [];
      let outerKept = false;
      for (let r = parcels.parcelRings[p]!; r < parcels.parcelRings[p + 1]!; r += 1) {
        const outer = parcels.outerRings[r] === 1;
        // Without its outer ring a polygon's holes would be drawn as parcels.
        if (!outer && !outerKept) continue;
        const ring = tileRing(ringVertices(r), options.tolerance, outer);
        if (outer) outerKept = ring !== undefined;
        if (ring) rings.push(ring);
      }
      if (rings.length === 0) continue;
      features += 1;
      // Low zooms carry only the pin (fill and hover); names and addresses matter from the line zoom up.
      tagIndices.length = 0;
      const pin = textIndex(p, TEXT_FIELD.pin);
      tag('pin', pin);
      tag('PIN', pin);
      // A feature that is nobody's parcel says what it is at every zoom (the map draws it apart and selects nothing there), and carries no name.
      const nobodys = present(p, TEXT_FIELD.kind);
      if (nobodys) tag('kind', textIndex(p, TEXT_FIELD.kind));
      if (options.fullProperties) {
        const name = isNullText(nullTexts, p, TEXT_FIELD.owner) ? TEXT_FIELD.name : TEXT_FIELD.owner; // the owner, else the parcel's name
        if (!nobodys && present(p, name)) tag('Name', textIndex(p, name));
        if (present(p, TEXT_FIELD.add1)) tag('ADD1', textIndex(p, TEXT_FIELD.add1));
        if (present(p, TEXT_FIELD.city)) tag('CITY', textIndex(p, TEXT_FIELD.city));
        const acres = parcels.acres[p]!;
        if (Number.isFinite(acres)) tag('TaxAcres', values.indexOfNumber(acres));
      }
      pbf.writeMessage(LAYER.features, () => {
        pbf.writeVarintField(FEATURE.id, parcels.fids[p]!);
        pbf.writePackedVarint(FEATURE.tags, tagIndices);
        pbf.writeVarintField(FEATURE.type, POLYGON);
        pbf.writePackedVarint(FEATURE.geometry, geometryCommands(rings));
      }, undefined);
    }
    for (const key of keys.keys()) pbf.writeStringField(LAYER.keys, key);
    values.forEach(
      (bytes) => pbf.writeMessage(LAYER.values, () => pbf.writeBytesField(VALUE.string, bytes), undefined),
      (value) => pbf.writeMessage(LAYER.values, () => writeNumber(pbf, value), undefined),
    );
  }, undefined);
  return features > 0 ? pbf.finish() : undefined;
}

function writeNumber(pbf: PbfWriter, value: number): void {
  if (!Number.isInteger(value)) pbf.writeDoubleField(VALUE.double, value);
  else if (value < 0) pbf.writeSVarintField(VALUE.sint, value);
  else pbf.writeVarintField(VALUE.uint, value);
}

/** Rings as MVT commands: MoveTo, LineTo the rest, ClosePath; coordinates as zigzag deltas from the last point. */
function geometryCommands(rings: readonly Ring[]): number[] {
  const commands: number[] = [];
  let x = 0;
  let y = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 2) {
      if (i === 0) commands.push(command(MOVE_TO, 1));
      if (i === 2) commands.push(command(LINE_TO, ring.length / 2 - 1));
      commands.push(zigzag(ring[i]! - x), zigzag(ring[i + 1]! - y));
      x = ring[i]!;
      y = ring[i + 1]!;
    }
    commands.push(command(CLOSE_PATH, 1));
  }
  return commands;
}

const command = (id: number, count: number) => (count << 3) | id;
const zigzag = (n: number) => (n << 1) ^ (n >> 31);

/**
 * A ring in integer tile units as x, y pairs (not repeating its first point), outer rings clockwise on
 * screen (MVT 4.3.4.4); undefined when it is smaller than the tolerance squared or nothing of it is in
 * the buffer. As in geojson-vt, the size test is on the whole outline, so a parcel thinner than the
 * tolerance keeps its (degenerate) ring and stays in the tile with its pin.
 */
function tileRing(vertices: Vertex[], tolerance: number, outer: boolean): Ring | undefined {
  if (Math.abs(signedArea(vertices)) < tolerance * tolerance || outsideClipBox(vertices)) return undefined;
  // The whole ring is simplified before clipping, so a parcel across tiles has the same vertices in each.
  let kept: readonly Vertex[] = simplify(vertices, tolerance, true);
  if (!insideClipBox(kept)) kept = clipPolygon(kept.map((v): Point => [v.x, v.y]), CLIP_BOX).map(([x, y]) => ({ x, y }));
  const ring: Ring = [];
  for (const vertex of kept) {
    const x = Math.round(vertex.x);
    const y = Math.round(vertex.y);
    if (ring.length === 0 || ring.at(-2) !== x || ring.at(-1) !== y) ring.push(x, y);
  }
  if (ring.length > 2 && ring[0] === ring.at(-2) && ring[1] === ring.at(-1)) ring.length -= 2;
  if (ring.length < 4) return undefined;
  const area = ringArea(ring);
  if (area !== 0 && area > 0 !== outer) reversePairs(ring);
  return ring;
}

function insideClipBox(vertices: readonly Vertex[]): boolean {
  return vertices.every(({ x, y }) => x >= CLIP_BOX[0] && y >= CLIP_BOX[1] && x <= CLIP_BOX[2] && y <= CLIP_BOX[3]);
}

function outsideClipBox(vertices: readonly Vertex[]): boolean {
  return vertices.every(({ x }) => x < CLIP_BOX[0]) || vertices.every(({ x }) => x > CLIP_BOX[2])
    || vertices.every(({ y }) => y < CLIP_BOX[1]) || vertices.every(({ y }) => y > CLIP_BOX[3]);
}

/** Shoelace area in tile units; positive when clockwise with y pointing down. */
function signedArea(vertices: readonly Vertex[]): number {
  let sum = 0;
  for (let i = 0, j = vertices.length - 1; i < vertices.length; j = i, i += 1) sum += vertices[j]!.x * vertices[i]!.y - vertices[i]!.x * vertices[j]!.y;
  return sum / 2;
}

function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) sum += ring[j]! * ring[i + 1]! - ring[i]! * ring[j + 1]!;
  return sum / 2;
}

function reversePairs(ring: Ring): void {
  for (let i = 0, j = ring.length - 2; i < j; i += 2, j -= 2) {
    [ring[i], ring[i + 1], ring[j], ring[j + 1]] = [ring[j]!, ring[j + 1]!, ring[i]!, ring[i + 1]!];
  }
}
