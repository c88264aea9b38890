// Distances and areas of drawn shapes with turf (SPEC §2 measure tools), kept in feet and read out in
// the user's units (imperial by default: feet and miles, square feet and acres; or metric); the measure
// palette's readout and a kept markup's in the saved list. Pure: unit-tested without a browser.
// `@parcel-map/shared/measure`, off the sign-in path.
import { area as turfArea, distance as turfDistance, polygon as turfPolygon } from '@turf/turf';
import type { MarkupGeometry } from '../markups/markupContract.ts';
import type { MeasureUnits } from '../settings/measureUnitsSlice.ts';

export type Position = [number, number];

const FEET_PER_MILE = 5280;
const SQ_FEET_PER_ACRE = 43560;
const FEET_PER_METRE = 3.28084;
const SQ_FEET_PER_SQ_METRE = FEET_PER_METRE * FEET_PER_METRE;
/** Below a quarter mile distances read better in feet. */
const FEET_LIMIT = FEET_PER_MILE / 4;

export interface LineMeasurement {
  kind: 'distance';
  segmentsFeet: number[];
  totalFeet: number;
  /** The vertices measured (longitude, latitude): what 'Save as markup' keeps. */
  line: Position[];
}

/** A marked point (key 1, 'Mark Point'): nothing to measure but where it is. */
interface PointMeasurement {
  kind: 'point';
  position: Position;
}

export interface AreaMeasurement {
  kind: 'area';
  segmentsFeet: number[];
  perimeterFeet: number;
  squareFeet: number;
  acres: number;
  /** The closed ring measured (longitude, latitude): what 'Nearby parcels' of a drawn area sends. */
  ring: Position[];
}

export type Measurement = LineMeasurement | AreaMeasurement | PointMeasurement;

const sameAs = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** Consecutive duplicates removed (Draw repeats the last vertex while the cursor sits on it). */
function distinctVertices(coordinates: readonly Position[]): Position[] {
  const result: Position[] = [];
  for (const position of coordinates) {
    const last = result[result.length - 1];
    if (!last || !sameAs(last, position)) result.push(position);
  }
  return result;
}

function segmentLengthsFeet(vertices: readonly Position[]): number[] {
  const lengths: number[] = [];
  for (let i = 1; i < vertices.length; i += 1) {
    lengths.push(turfDistance(vertices[i - 1]!, vertices[i]!, { units: 'kilometers' }) * 1000 * FEET_PER_METRE);
  }
  return lengths;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A line needs more than one point (SPEC §5); null until it has one. */
export function measureLine(coordinates: readonly Position[]): LineMeasurement | null {
  const vertices = distinctVertices(coordinates);
  if (vertices.length < 2) return null;
  const segmentsFeet = segmentLengthsFeet(vertices);
  return { kind: 'distance', segmentsFeet, totalFeet: sum(segmentsFeet), line: vertices };
}

/** A polygon ring needs at least 3 points (SPEC §5); the ring may be open or closed. */
export function measurePolygon(ring: readonly Position[]): AreaMeasurement | null {
  let vertices = distinctVertices(ring);
  if (vertices.length > 1 && sameAs(vertices[0]!, vertices[vertices.length - 1]!)) vertices = vertices.slice(0, -1);
  if (vertices.length < 3) return null;
  const closed = [...vertices, vertices[0]!];
  const segmentsFeet = segmentLengthsFeet(closed);
  const squareFeet = turfArea(turfPolygon([closed])) * SQ_FEET_PER_SQ_METRE;
  return { kind: 'area', segmentsFeet, perimeterFeet: sum(segmentsFeet), squareFeet, acres: squareFeet / SQ_FEET_PER_ACRE, ring: closed };
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const METRES_PER_KILOMETRE = 1000;
const SQ_METRES_PER_HECTARE = 10_000;

export function formatDistance(feet: number, units: MeasureUnits = 'imperial'): string {
  if (units === 'imperial') return feet < FEET_LIMIT ? `${whole.format(feet)} ft` : `${twoDecimals.format(feet / FEET_PER_MILE)} mi`;
  const metres = feet / FEET_PER_METRE;
  return metres < METRES_PER_KILOMETRE ? `${whole.format(metres)} m` : `${twoDecimals.format(metres / METRES_PER_KILOMETRE)} km`;
}

export function formatArea(squareFeet: number, units: MeasureUnits = 'imperial'): string {
  if (units === 'imperial') return `${whole.format(squareFeet)} sq ft (${twoDecimals.format(squareFeet / SQ_FEET_PER_ACRE)} acres)`;
  const squareMetres = squareFeet / SQ_FEET_PER_SQ_METRE;
  return `${whole.format(squareMetres)} m² (${twoDecimals.format(squareMetres / SQ_METRES_PER_HECTARE)} ha)`;
}

const coordinate = new Intl.NumberFormat('en-US', { minimumFractionDigits: 5, maximumFractionDigits: 5 });

/** The readout lines shown in the palette. */
export function measurementSummary(measurement: Measurement, units: MeasureUnits = 'imperial'): { total: string; segments: string[] } {
  if (measurement.kind === 'point') {
    const [lng, lat] = measurement.position;
    return { total: `Point: ${coordinate.format(lat)}, ${coordinate.format(lng)}`, segments: [] };
  }
  const distance = (feet: number) => formatDistance(feet, units);
  const segments = measurement.segmentsFeet.map(distance);
  if (measurement.kind === 'distance') return { total: `Distance: ${distance(measurement.totalFeet)}`, segments };
  return { total: `Area: ${formatArea(measurement.squareFeet, units)} · Perimeter: ${distance(measurement.perimeterFeet)}`, segments };
}

/** The shape a measurement was taken of, as a markup keeps it (issue #25). */
export function measurementGeometry(measurement: Measurement): MarkupGeometry {
  switch (measurement.kind) {
    case 'point':
      return { type: 'Point', coordinates: measurement.position };
    case 'distance':
      return { type: 'LineString', coordinates: measurement.line };
    case 'area':
      return { type: 'Polygon', coordinates: [measurement.ring] };
  }
}

/** What a kept shape measures (a markup's): the measurement measurementGeometry took it from. */
export function measurementOf(geometry: MarkupGeometry): Measurement | null {
  switch (geometry.type) {
    case 'Point':
      return { kind: 'point', position: geometry.coordinates };
    case 'LineString':
      return measureLine(geometry.coordinates);
    case 'Polygon':
      return measurePolygon(geometry.coordinates[0]);
  }
}
