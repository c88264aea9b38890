// Web-Mercator tile arithmetic (XYZ scheme, y counted from the north).

/** A box in longitude/latitude degrees. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function tileToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

export function tileToLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** The tile's lon/lat box, grown by `bufferFraction` of its size on every side. */
export function tileBounds(z: number, x: number, y: number, bufferFraction = 0): LonLatBox {
  const west = tileToLon(x - bufferFraction, z);
  const east = tileToLon(x + 1 + bufferFraction, z);
  const north = tileToLat(y - bufferFraction, z);
  const south = tileToLat(y + 1 + bufferFraction, z);
  return { west, south, east, north };
}

export function lonLatToTile(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const latRad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
  return { x, y };
}
