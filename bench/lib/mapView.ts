// The parcel tiles mapbox-gl asks for to draw a view: the tiles under a 1280×800 viewport (the
// benchmark's browser size), with the parcel source's 512-pixel tiles (remote-map/src/map/parcelLayers.ts).
const VIEWPORT = { width: 1280, height: 800 } as const;
const PARCEL_TILE_PIXELS = 512;

export interface View {
  lng: number;
  lat: number;
  zoom: number;
}

/** /tiles/{z}/{x}/{y}.pbf of every tile the viewport overlaps at an integer zoom. */
export function viewTilePaths(view: View): string[] {
  const z = view.zoom;
  const n = 2 ** z;
  const latRad = (view.lat * Math.PI) / 180;
  // The centre in tile units (fractional Web-Mercator XYZ).
  const cx = ((view.lng + 180) / 360) * n;
  const cy = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n;
  const halfWidth = VIEWPORT.width / 2 / PARCEL_TILE_PIXELS;
  const halfHeight = VIEWPORT.height / 2 / PARCEL_TILE_PIXELS;
  const paths: string[] = [];
  for (let y = Math.floor(cy - halfHeight); y <= Math.floor(cy + halfHeight); y++) {
    for (let x = Math.floor(cx - halfWidth); x <= Math.floor(cx + halfWidth); x++) paths.push(`/tiles/${z}/${x}/${y}.pbf`);
  }
  return paths;
}
