// What an imagery file holds, as gdalinfo reads it: its size, bands, CRS, pixel size, nodata and
// footprint in lon/lat — what the import report shows and how the tiled file is made from it.
import { gdalToolOutput } from '../import/gdal.ts';
import { sourceCrsProblem } from '../import/sourceCrs.ts';
import type { ImageryFormat } from './imageryFormat.ts';

export interface ImagerySource {
  /** GDAL's driver, e.g. "GTiff/GeoTIFF". */
  driver: string;
  width: number;
  height: number;
  bands: ImageryBand[];
  /** The CRS the pixels are placed in: the file's WKT, or the one given for a file that declares none. */
  crs: string;
  /** The CRS's name (`NAD27 / Illinois East`), or the CRS as given. */
  crsName: string;
  /** A pixel's width in the CRS's unit, named: "32.8 US survey foot". */
  resolution: string;
  nodata: string | null;
  /** [west, south, east, north] in lon/lat. */
  bbox: [number, number, number, number];
}

interface ImageryBand {
  /** GDAL's data type: Byte, UInt16, Float32… */
  type: string;
  /** Gray, Red, Green, Blue, Alpha, Palette, Undefined… */
  colour: string;
  /** For a palette band: whether its colours carry transparency. */
  paletteHasAlpha: boolean;
}

interface GdalInfo {
  driverShortName: string;
  driverLongName: string;
  size: [number, number];
  coordinateSystem?: { wkt: string };
  geoTransform?: [number, number, number, number, number, number];
  wgs84Extent?: { coordinates: number[][][] };
  bands: { type: string; colorInterpretation?: string; noDataValue?: number | string; colorTable?: { entries: number[][] } }[];
}

/** Reads `file` with `format`'s drivers; `crs` places a file that declares no CRS (and overrides one that does). */
export async function readImagerySource(file: string, format: ImageryFormat, crs: string | undefined): Promise<ImagerySource> {
  const crsProblem = crs === undefined ? undefined : sourceCrsProblem(crs);
  if (crsProblem) throw new Error(`--crs: ${crsProblem.replace('"crs" must', 'it must')}`);
  const purpose = `reading ${format.name}`;
  const info = JSON.parse(await gdalToolOutput('gdalinfo', ['-json', file], format.drivers, purpose)) as GdalInfo;
  const [width, height] = info.size;
  const transform = info.geoTransform;
  if (!transform) throw new Error(`${file} is not placed on the map: it has no georeferencing${format.worldFiles ? ' (its world file was not read)' : ''}`);
  const declared = info.coordinateSystem?.wkt || undefined;
  const placedIn = crs ?? declared;
  if (placedIn === undefined) throw new Error(`${file} does not say which coordinate system it is in: give it with --crs (an EPSG code such as EPSG:26771)`);
  const bbox = crs === undefined && info.wgs84Extent ? extentOf(info.wgs84Extent.coordinates[0]!) : await footprint(transform, width, height, placedIn, format, purpose);
  const nodata = info.bands[0]?.noDataValue;
  return {
    driver: `${info.driverShortName}/${info.driverLongName}`,
    width,
    height,
    bands: info.bands.map((band) => ({
      type: band.type,
      colour: band.colorInterpretation ?? 'Undefined',
      paletteHasAlpha: band.colorTable?.entries.some((entry) => entry[3] !== undefined && entry[3] < 255) ?? false,
    })),
    crs: placedIn,
    crsName: crs ?? crsNameOf(placedIn),
    resolution: `${formatNumber(Math.abs(transform[1]))} ${crs === undefined ? unitOf(placedIn) : 'units of ' + crs}`,
    nodata: nodata === undefined ? null : String(nodata),
    bbox,
  };
}

/** The lon/lat extent of the image's corners and edge midpoints, reprojected by gdaltransform. */
async function footprint(transform: number[], width: number, height: number, crs: string, format: ImageryFormat, purpose: string): Promise<[number, number, number, number]> {
  const [x0, dx, rx, y0, ry, dy] = transform as [number, number, number, number, number, number];
  const points: string[] = [];
  for (const col of [0, width / 2, width]) {
    for (const row of [0, height / 2, height]) points.push(`${x0 + col * dx + row * rx} ${y0 + col * ry + row * dy}`);
  }
  const answer = await gdalToolOutput('gdaltransform', ['-s_srs', crs, '-t_srs', 'EPSG:4326', '-output_xy'], format.drivers, purpose, `${points.join('\n')}\n`);
  return extentOf(answer.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number)));
}

function extentOf(points: number[][]): [number, number, number, number] {
  const lons = points.map((point) => point[0]!);
  const lats = points.map((point) => point[1]!);
  if ([...lons, ...lats].some((value) => !Number.isFinite(value))) throw new Error('the image\'s corners could not be placed in longitude and latitude');
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/** `PROJCRS["NAD27 / Illinois East",…` → `NAD27 / Illinois East`. */
function crsNameOf(wkt: string): string {
  return /^\w+\["([^"]+)"/.exec(wkt)?.[1] ?? wkt.slice(0, 80);
}

/** The unit of the CRS's axes (WKT 2, as gdalinfo writes it): the first unit after its coordinate system, CS[…]. */
function unitOf(wkt: string): string {
  const axes = wkt.slice(wkt.lastIndexOf('CS['));
  return /(?:LENGTH|ANGLE)UNIT\["([^"]+)"/.exec(axes)?.[1] ?? 'units of its CRS';
}

function formatNumber(value: number): string {
  return Number(value.toPrecision(6)).toString();
}
