// Whether a parcel lies, wholly or in part, inside a drawn area or an overlay's polygons: measured
// in the API as the nearby lists are (no PostGIS), the areas' edges in one spatial index. Touching
// counts, as a nearby list's 0 ft does.
import * as turf from '@turf/turf';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { flatFrame, flatRings, indexArea } from '../nearby/nearbyGeometry.ts';

export type Area = Polygon | MultiPolygon;
/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

export interface AreaTest {
  /** What the areas cover: only parcels whose box meets it can meet them. */
  box: Box;
  meets(parcel: Area): boolean;
}

export function areaTest(areas: readonly Area[]): AreaTest {
  const polygons: Position[][][] = areas.flatMap((area) => (area.type === 'Polygon' ? [area.coordinates] : area.coordinates)).filter((rings) => (rings[0]?.length ?? 0) > 0);
  // No polygon (an overlay whose `where` picked no feature) holds no parcel.
  if (polygons.length === 0) return { box: [0, 0, 0, 0], meets: () => false };
  const together: MultiPolygon = { type: 'MultiPolygon', coordinates: polygons };
  const box = turf.bbox(together) as Box;
  const frame = flatFrame(polygons[0]![0]![0]!);
  const indexed = indexArea(flatRings(together, frame));
  // indexArea finds a parcel that crosses, touches or lies in an area, and the first area inside a
  // parcel; an area wholly inside a parcel elsewhere in the list is found by one of its vertices.
  const vertices = polygons.map((rings) => rings[0]![0]!);
  const vertexIndex = new Flatbush(vertices.length);
  for (const [lng, lat] of vertices) vertexIndex.add(lng!, lat!, lng!, lat!);
  vertexIndex.finish();

  return {
    box,
    meets(parcel) {
      if (indexed.distanceTo(flatRings(parcel, frame), 0) === 0) return true;
      const [west, south, east, north] = turf.bbox(parcel);
      return vertexIndex.search(west, south, east, north).some((index) => turf.booleanPointInPolygon(vertices[index]!, parcel));
    },
  };
}
