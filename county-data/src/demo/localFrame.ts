// Metres east/north of the demo centre ↔ lon/lat (equirectangular: exact enough over 40 km).
export const DEMO_CENTRE = { lng: -80.86, lat: 35.62 } as const;
const METRES_PER_DEGREE_LAT = 110_946;
const METRES_PER_DEGREE_LON = 111_320 * Math.cos((DEMO_CENTRE.lat * Math.PI) / 180);

export function toLngLat(x: number, y: number): [number, number] {
  return [
    Math.round((DEMO_CENTRE.lng + x / METRES_PER_DEGREE_LON) * 1e7) / 1e7,
    Math.round((DEMO_CENTRE.lat + y / METRES_PER_DEGREE_LAT) * 1e7) / 1e7,
  ];
}

export function toMetres(lng: number, lat: number): [number, number] {
  return [(lng - DEMO_CENTRE.lng) * METRES_PER_DEGREE_LON, (lat - DEMO_CENTRE.lat) * METRES_PER_DEGREE_LAT];
}
