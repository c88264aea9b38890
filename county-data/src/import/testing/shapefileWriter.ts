// Test helper: encodes polygons as a zipped ESRI Shapefile (.shp type 5, .shx, .dbf dBase III, .prj)
// so the importer's Shapefile path runs on bytes built here, not on a writer package.
import AdmZip from 'adm-zip';

export interface ShapefilePolygon {
  /** Outer rings clockwise, holes counter-clockwise, each closed (Shapefile convention). */
  rings: [number, number][][];
  properties: Record<string, string | number>;
}

export interface DbfField {
  name: string;
  type: 'C' | 'N';
  length: number;
}

export function zipShapefile(name: string, polygons: readonly ShapefilePolygon[], fields: readonly DbfField[], prj?: string): Buffer {
  const zip = new AdmZip();
  const { shp, shx } = encodeShp(polygons);
  zip.addFile(`${name}.shp`, shp);
  zip.addFile(`${name}.shx`, shx);
  zip.addFile(`${name}.dbf`, encodeDbf(polygons, fields));
  if (prj !== undefined) zip.addFile(`${name}.prj`, Buffer.from(prj, 'utf8'));
  return zip.toBuffer();
}

function encodeShp(polygons: readonly ShapefilePolygon[]): { shp: Buffer; shx: Buffer } {
  const records = polygons.map((polygon) => {
    const points = polygon.rings.flat();
    const content = Buffer.alloc(44 + 4 * polygon.rings.length + 16 * points.length);
    content.writeInt32LE(5, 0);
    writeBox(content, 4, points);
    content.writeInt32LE(polygon.rings.length, 36);
    content.writeInt32LE(points.length, 40);
    let start = 0;
    polygon.rings.forEach((ring, i) => {
      content.writeInt32LE(start, 44 + 4 * i);
      start += ring.length;
    });
    let offset = 44 + 4 * polygon.rings.length;
    for (const [x, y] of points) {
      content.writeDoubleLE(x, offset);
      content.writeDoubleLE(y, offset + 8);
      offset += 16;
    }
    return content;
  });
  const allPoints = polygons.flatMap((polygon) => polygon.rings.flat());
  const shpLength = 100 + records.reduce((sum, content) => sum + 8 + content.length, 0);
  const shp = Buffer.alloc(shpLength);
  const shx = Buffer.alloc(100 + 8 * records.length);
  for (const [file, length] of [[shp, shpLength], [shx, shx.length]] as const) {
    file.writeInt32BE(9994, 0);
    file.writeInt32BE(length / 2, 24);
    file.writeInt32LE(1000, 28);
    file.writeInt32LE(5, 32);
    writeBox(file, 36, allPoints);
  }
  let offset = 100;
  records.forEach((content, i) => {
    shx.writeInt32BE(offset / 2, 100 + 8 * i);
    shx.writeInt32BE(content.length / 2, 104 + 8 * i);
    shp.writeInt32BE(i + 1, offset);
    shp.writeInt32BE(content.length / 2, offset + 4);
    content.copy(shp, offset + 8);
    offset += 8 + content.length;
  });
  return { shp, shx };
}

function writeBox(buffer: Buffer, offset: number, points: readonly [number, number][]): void {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((value, i) => buffer.writeDoubleLE(value, offset + 8 * i));
}

function encodeDbf(polygons: readonly ShapefilePolygon[], fields: readonly DbfField[]): Buffer {
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const dbf = Buffer.alloc(headerLength + recordLength * polygons.length + 1, 0);
  dbf.writeUInt8(0x03, 0);
  dbf.writeUInt8(124, 1); // 2024
  dbf.writeUInt8(1, 2);
  dbf.writeUInt8(1, 3);
  dbf.writeUInt32LE(polygons.length, 4);
  dbf.writeUInt16LE(headerLength, 8);
  dbf.writeUInt16LE(recordLength, 10);
  fields.forEach((field, i) => {
    const at = 32 + 32 * i;
    dbf.write(field.name.slice(0, 10), at, 'latin1');
    dbf.write(field.type, at + 11, 'latin1');
    dbf.writeUInt8(field.length, at + 16);
  });
  dbf.writeUInt8(0x0d, headerLength - 1);
  polygons.forEach((polygon, i) => {
    let at = headerLength + recordLength * i;
    dbf.write(' ', at, 'latin1');
    at += 1;
    for (const field of fields) {
      const raw = String(polygon.properties[field.name] ?? '');
      const text = field.type === 'N' ? raw.padStart(field.length) : raw.padEnd(field.length);
      dbf.write(text.slice(0, field.length), at, 'latin1');
      at += field.length;
    }
  });
  dbf.writeUInt8(0x1a, dbf.length - 1);
  return dbf;
}

/** ESRI WKT of NAD83 / North Carolina State Plane (US feet), as ArcGIS writes it in a .prj. */
export const NC_STATE_PLANE_FEET_PRJ =
  'PROJCS["NAD_1983_StatePlane_North_Carolina_FIPS_3200_Feet",GEOGCS["GCS_North_American_1983",' +
  'DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],' +
  'UNIT["Degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic"],PARAMETER["False_Easting",2000000.002616666],' +
  'PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-79.0],PARAMETER["Standard_Parallel_1",34.33333333333334],' +
  'PARAMETER["Standard_Parallel_2",36.16666666666666],PARAMETER["Latitude_Of_Origin",33.75],UNIT["Foot_US",0.3048006096012192]]';

/**
 * lon/lat (NAD83 ≈ WGS84 at this scale) → EPSG:2264 feet, by Snyder's Lambert Conformal Conic
 * formulas (USGS PP 1395, eq. 15-1…15-10, ellipsoid GRS80): an independent check on proj4.
 */
export function toNcStatePlaneFeet(lon: number, lat: number): [number, number] {
  const a = 6378137;
  const f = 1 / 298.257222101;
  const e = Math.sqrt(2 * f - f * f);
  const rad = Math.PI / 180;
  const m = (phi: number) => Math.cos(phi) / Math.sqrt(1 - e * e * Math.sin(phi) ** 2);
  const t = (phi: number) => Math.tan(Math.PI / 4 - phi / 2) / ((1 - e * Math.sin(phi)) / (1 + e * Math.sin(phi))) ** (e / 2);
  const [phi1, phi2, phi0, lambda0] = [(34 + 20 / 60) * rad, (36 + 10 / 60) * rad, 33.75 * rad, -79 * rad];
  const n = (Math.log(m(phi1)) - Math.log(m(phi2))) / (Math.log(t(phi1)) - Math.log(t(phi2)));
  const F = m(phi1) / (n * t(phi1) ** n);
  const rho = a * F * t(lat * rad) ** n;
  const rho0 = a * F * t(phi0) ** n;
  const theta = n * (lon * rad - lambda0);
  const usFoot = 1200 / 3937;
  const falseEasting = 609601.22;
  return [(falseEasting + rho * Math.sin(theta)) / usFoot, (rho0 - rho * Math.cos(theta)) / usFoot];
}
