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

/** A box in the Web-Mercator unit square (x eastwards, y southwards, 0–1), which tile z/x/y cuts into 2^z × 2^z. */
export interface UnitBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function unitBoxOf({ west, south, east, north }: LonLatBox): UnitBox {
  const unitY = (lat: number) => {
    const latRad = (lat * Math.PI) / 180;
    return (1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2;
  };
  return { minX: (west + 180) / 360, minY: unitY(north), maxX: (east + 180) / 360, maxY: unitY(south) };
}

/**
 * Whether tile z/x/y, grown by `bufferFraction` of its size on every side (as tileBounds grows it),
 * lies wholly outside the box: arithmetic only, no allocation (the cached-tile fast path asks it).
 */
export function isTileOutside(box: UnitBox, z: number, x: number, y: number, bufferFraction: number): boolean {
  const n = 2 ** z;
  return (x + 1 + bufferFraction) / n < box.minX || (x - bufferFraction) / n > box.maxX || (y + 1 + bufferFraction) / n < box.minY || (y - bufferFraction) / n > box.maxY;
}
