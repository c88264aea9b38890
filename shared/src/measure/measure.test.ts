import { distance, area, polygon } from '@turf/turf';
import { formatArea, formatDistance, measureLine, measurementGeometry, measurementOf, measurementSummary, measurePolygon, type Position } from './measure.ts';

const FT = 3.28084;

describe('measureLine', () => {
  it('sums the segment lengths in feet', () => {
    const points: Position[] = [[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63]];
    const result = measureLine(points)!;
    const first = distance(points[0]!, points[1]!, { units: 'kilometers' }) * 1000 * FT;
    const second = distance(points[1]!, points[2]!, { units: 'kilometers' }) * 1000 * FT;
    expect(result.segmentsFeet[0]).toBeCloseTo(first, 6);
    expect(result.segmentsFeet[1]).toBeCloseTo(second, 6);
    expect(result.totalFeet).toBeCloseTo(first + second, 6);
    // One hundredth of a degree of latitude is about 3,640 ft.
    expect(result.segmentsFeet[1]).toBeGreaterThan(3600);
    expect(result.segmentsFeet[1]).toBeLessThan(3680);
  });

  it('is null with fewer than two distinct points', () => {
    expect(measureLine([])).toBeNull();
    expect(measureLine([[0, 0]])).toBeNull();
    expect(measureLine([[0, 0], [0, 0]])).toBeNull();
  });
});

describe('measurePolygon', () => {
  const ring: Position[] = [[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.86, 35.63]];

  it('gives the area in square feet and acres and the perimeter', () => {
    const result = measurePolygon(ring)!;
    const expectedSqFt = area(polygon([[...ring, ring[0]!]])) * FT * FT;
    expect(result.squareFeet).toBeCloseTo(expectedSqFt, 3);
    expect(result.acres).toBeCloseTo(expectedSqFt / 43560, 6);
    expect(result.segmentsFeet).toHaveLength(4);
    expect(result.perimeterFeet).toBeCloseTo(result.segmentsFeet.reduce((a, b) => a + b, 0), 6);
  });

  it("keeps the ring it measured, closed, with Draw's repeated cursor vertex dropped", () => {
    expect(measurePolygon([...ring, ring[3]!])!.ring).toEqual([...ring, ring[0]!]);
  });

  it('accepts a closed ring and is null below three points', () => {
    expect(measurePolygon([...ring, ring[0]!])!.segmentsFeet).toHaveLength(4);
    expect(measurePolygon([...ring, ring[0]!])!.ring).toEqual([...ring, ring[0]!]);
    expect(measurePolygon([[0, 0], [1, 1], [0, 0]])).toBeNull();
    expect(measurePolygon([[0, 0], [1, 1]])).toBeNull();
  });
});

describe('formats', () => {
  it('writes feet below a quarter mile and miles above', () => {
    expect(formatDistance(1234.4)).toBe('1,234 ft');
    expect(formatDistance(5280 * 1.5)).toBe('1.50 mi');
  });

  it('writes square feet with acres', () => {
    expect(formatArea(43560 * 2)).toBe('87,120 sq ft (2.00 acres)');
  });

  it('writes metres and kilometres, square metres and hectares in metric', () => {
    expect(formatDistance(3280.84 / 2, 'metric')).toBe('500 m');
    expect(formatDistance(3280.84 * 2.5, 'metric')).toBe('2.50 km');
    expect(formatArea(43560, 'metric')).toBe('4,047 m² (0.40 ha)');
    const summary = measurementSummary({ kind: 'distance', segmentsFeet: [328.084, 656.168], totalFeet: 984.252, line: [] }, 'metric');
    expect(summary).toEqual({ total: 'Distance: 300 m', segments: ['100 m', '200 m'] });
  });

  it('summarises areas with their perimeter and segments', () => {
    const summary = measurementSummary({ kind: 'area', segmentsFeet: [100, 200], perimeterFeet: 300, squareFeet: 43560, acres: 1, ring: [] });
    expect(summary).toEqual({ total: 'Area: 43,560 sq ft (1.00 acres) · Perimeter: 300 ft', segments: ['100 ft', '200 ft'] });
  });
});

describe('measurementGeometry: the shape a markup keeps', () => {
  it('keeps a line as its distinct vertices, an area as its closed ring and a point as its position', () => {
    const line: Position[] = [[-80.86, 35.62], [-80.86, 35.62], [-80.85, 35.62]];
    expect(measurementGeometry(measureLine(line)!)).toEqual({ type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] });
    const ring: Position[] = [[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63]];
    expect(measurementGeometry(measurePolygon(ring)!)).toEqual({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] });
    expect(measurementGeometry({ kind: 'point', position: [-80.86, 35.62] })).toEqual({ type: 'Point', coordinates: [-80.86, 35.62] });
  });

  it('reads a marked point as latitude and longitude', () => {
    expect(measurementSummary({ kind: 'point', position: [-80.861234, 35.62] })).toEqual({ total: 'Point: 35.62000, -80.86123', segments: [] });
  });
});

describe('measurementOf', () => {
  it('measures a kept shape as it was measured when drawn', () => {
    const line = measureLine([[-80.86, 35.62], [-80.859, 35.62]])!;
    const area = measurePolygon([[-80.861, 35.621], [-80.859, 35.621], [-80.859, 35.619]])!;
    expect(measurementOf(measurementGeometry(line))).toEqual(line);
    expect(measurementOf(measurementGeometry(area))).toEqual(area);
    expect(measurementOf({ type: 'Point', coordinates: [-80.86, 35.62] })).toEqual({ kind: 'point', position: [-80.86, 35.62] });
  });
});
