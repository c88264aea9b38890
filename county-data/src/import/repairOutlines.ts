// Makes invalid outlines valid with GDAL's -makevalid (GEOS MakeValid, which keeps every part of the
// outline: a bow-tie becomes its two triangles), in one ogr2ogr run for all of a file's broken ones.
import type { Geometry, Polygon, Position } from 'geojson';
import { ogr2ogrFeatures } from './gdal.ts';

/**
 * The repaired outline of each given one (Polygon or MultiPolygon, in lon/lat), by its key; null where
 * nothing with an area is left (an outline collapsed to a line).
 */
export async function repairOutlines(outlines: ReadonlyMap<number, Geometry>): Promise<Map<number, Geometry | null>> {
  const repaired = new Map<number, Geometry | null>([...outlines.keys()].map((key) => [key, null]));
  const lines: string[] = [];
  for (const [key, geometry] of outlines) {
    const input = closedRings(geometry);
    if (input) lines.push(JSON.stringify({ type: 'Feature', properties: { key }, geometry: input }));
  }
  if (lines.length === 0) return repaired;
  // GDAL reads back into stdin while it opens it, 1 MB by default: one outline can be longer (a road
  // surface of a whole city, in one polygon), so the buffer is unlimited.
  for await (const feature of ogr2ogrFeatures(['--config', 'CPL_VSISTDIN_BUFFER_LIMIT', '-1', '-makevalid', 'GeoJSONSeq:/vsistdin/'], ['GeoJSONSeq'], 'repairing invalid outlines', lines)) {
    repaired.set(Number(feature.properties?.key), polygonalPart(feature.geometry));
  }
  return repaired;
}

/**
 * What GEOS can take: rings closed, and rings of fewer than three distinct positions (which enclose
 * nothing, and which GEOS refuses outright) left out — an outer one with its holes.
 */
function closedRings(geometry: Geometry): Geometry | null {
  const close = (ring: Position[]): Position[] | null => {
    if (new Set(ring.map((position) => `${position[0]} ${position[1]}`)).size < 3) return null;
    const first = ring[0]!;
    const last = ring[ring.length - 1]!;
    return first[0] !== last[0] || first[1] !== last[1] ? [...ring, first] : ring;
  };
  const polygon = (rings: Position[][]): Position[][] | null => {
    const shell = close(rings[0] ?? []);
    return shell ? [shell, ...rings.slice(1).map(close).filter((hole) => hole !== null)] : null;
  };
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [])
    .map(polygon)
    .filter((rings) => rings !== null);
  if (polygons.length === 0) return null;
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** MakeValid may answer a collection of polygons, lines and points: the polygons are the outline. */
function polygonalPart(geometry: Geometry | null): Geometry | null {
  const polygons: Polygon['coordinates'][] = [];
  const collect = (part: Geometry | null) => {
    if (part?.type === 'Polygon') polygons.push(part.coordinates);
    else if (part?.type === 'MultiPolygon') polygons.push(...part.coordinates);
    else if (part?.type === 'GeometryCollection') part.geometries.forEach(collect);
  };
  collect(geometry);
  if (polygons.length === 0) return null;
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
}
