// Source CRS → WGS84 lon/lat with proj4: from a .prj's WKT, a GeoJSON `crs` name, or the mapping's `crs`.
import type { Geometry, Position } from 'geojson';
import proj4 from 'proj4';

/** Projections county files commonly come in; others can be given as a proj string or WKT. */
const KNOWN_CRS: Record<string, string> = {
  'EPSG:4326': '+proj=longlat +datum=WGS84 +no_defs',
  'EPSG:4269': '+proj=longlat +datum=NAD83 +no_defs',
  'EPSG:3857': '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs',
  // NAD83 / North Carolina (ftUS) and (m).
  'EPSG:2264':
    '+proj=lcc +lat_0=33.75 +lon_0=-79 +lat_1=36.1666666666667 +lat_2=34.3333333333333 +x_0=609601.22 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=us-ft +no_defs',
  'EPSG:32119':
    '+proj=lcc +lat_0=33.75 +lon_0=-79 +lat_1=36.1666666666667 +lat_2=34.3333333333333 +x_0=609601.22 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  // NAD83 / Massachusetts Mainland (ftUS) and (m).
  'EPSG:2249':
    '+proj=lcc +lat_0=41 +lon_0=-71.5 +lat_1=42.6833333333333 +lat_2=41.7166666666667 +x_0=200000.0001016 +y_0=750000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=us-ft +no_defs',
  'EPSG:26986':
    '+proj=lcc +lat_0=41 +lon_0=-71.5 +lat_1=42.6833333333333 +lat_2=41.7166666666667 +x_0=200000 +y_0=750000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
};

const WGS84 = KNOWN_CRS['EPSG:4326']!;
// 7 decimals of a degree is about 1 cm: enough for parcel outlines, and it keeps the stored JSON small.
const DECIMALS = 1e7;

export type Reprojector = (position: Position) => Position;

/** "EPSG:2264", "urn:ogc:def:crs:EPSG::2264", "CRS84", a proj string or WKT → a proj4 definition. */
function crsDefinition(crs: string): string {
  const text = crs.trim();
  if (/^(urn:ogc:def:crs:OGC:1\.3:)?CRS84$/i.test(text)) return WGS84;
  const epsg = /^(?:urn:ogc:def:crs:)?EPSG:{1,2}(\d+)$/i.exec(text);
  if (epsg) {
    const definition = KNOWN_CRS[`EPSG:${epsg[1]}`];
    if (!definition) {
      throw new Error(`EPSG:${epsg[1]} is not built in: give its proj string or WKT as "crs" in the mapping`);
    }
    return definition;
  }
  return text;
}

/** undefined source: the data is already WGS84 lon/lat. */
export function createReprojector(source: string | undefined): Reprojector {
  if (source === undefined || crsDefinition(source) === WGS84) return roundPosition;
  let converter: proj4.Converter;
  try {
    converter = proj4(crsDefinition(source), WGS84);
  } catch (error) {
    throw new Error(`cannot use the source CRS (${(error as Error).message}): ${source.slice(0, 120)}`, { cause: error });
  }
  return (position) => roundPosition(converter.forward([position[0] ?? NaN, position[1] ?? NaN]));
}

function roundPosition(position: Position): Position {
  return [Math.round((position[0] ?? NaN) * DECIMALS) / DECIMALS, Math.round((position[1] ?? NaN) * DECIMALS) / DECIMALS];
}

/** Every position of a geometry through `reproject`; a collection's parts each so. */
export function reprojectGeometry(geometry: Geometry | null, reproject: Reprojector): Geometry | null {
  if (geometry === null) return null;
  const line = (positions: Position[]): Position[] => {
    if (!Array.isArray(positions)) return positions;
    const out: Position[] = [];
    for (const position of positions) {
      const next = reproject(position);
      const previous = out[out.length - 1];
      // Rounding can make neighbours equal; a repeated position is not a real vertex.
      if (!previous || previous[0] !== next[0] || previous[1] !== next[1]) out.push(next);
    }
    return out;
  };
  const lines = (parts: Position[][]): Position[][] => (parts ?? []).map(line);
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: reproject(geometry.coordinates) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: (geometry.coordinates ?? []).map(reproject) };
    case 'LineString':
      return { type: 'LineString', coordinates: line(geometry.coordinates) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: lines(geometry.coordinates) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: lines(geometry.coordinates) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: (geometry.coordinates ?? []).map(lines) };
    case 'GeometryCollection':
      return { type: 'GeometryCollection', geometries: (geometry.geometries ?? []).map((part) => reprojectGeometry(part, reproject)).filter((part) => part !== null) };
  }
}
