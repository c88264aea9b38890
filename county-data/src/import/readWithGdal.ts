// Reads the formats GDAL knows and the importer does not parse itself (GeoPackage, File Geodatabase,
// KML/KMZ, TopoJSON, CSV with WKT or lon/lat columns) with ogr2ogr, reprojected to lon/lat — each
// with the GDAL drivers of its format only.
import { ogr2ogrFeatures, ogrinfo } from './gdal.ts';
import type { GdalDriver } from './gdalSandbox.ts';
import { GDAL_FORMATS, type GdalFormat, type ParcelSource, type SourceFeature } from './parcelSource.ts';
import { sourceCrsProblem } from './sourceCrs.ts';

/** The drivers that read each format: KML has two (LIBKML first, as GDAL orders them); KMZ only LIBKML reads whole. */
const FORMAT_DRIVERS: Record<GdalFormat, readonly GdalDriver[]> = {
  geopackage: ['GPKG'],
  filegdb: ['OpenFileGDB'],
  kml: ['LIBKML', 'KML'],
  kmz: ['LIBKML'],
  topojson: ['TopoJSON'],
  csv: ['CSV'],
};

// CSV: the geometry from a WKT column, else from longitude/latitude columns; every value stays text
// (GDAL's default), so PINs keep their leading zeros.
const CSV_OPEN_OPTIONS = [
  '-oo', 'GEOM_POSSIBLE_NAMES=WKT,geometry,the_geom,geom,shape',
  '-oo', 'X_POSSIBLE_NAMES=lon,longitude,lng,long,x',
  '-oo', 'Y_POSSIBLE_NAMES=lat,latitude,y',
  '-oo', 'KEEP_GEOM_COLUMNS=NO',
];

// Only these formats carry a CRS of their own: KML and TopoJSON are lon/lat,
// a CSV says nothing. Asking ogrinfo costs a second read of the file, so only these are asked.
const DECLARES_CRS: ReadonlySet<GdalFormat> = new Set(['geopackage', 'filegdb']);

/**
 * Every layer of `dataset` (a path GDAL opens, /vsizip/ included), in lon/lat. `crs` (the mapping's)
 * overrides the CRS the file declares; a file that declares none is taken to be lon/lat already.
 */
export async function readWithGdal(dataset: string, format: GdalFormat, crs: string | undefined): Promise<ParcelSource> {
  const purpose = `reading ${GDAL_FORMATS[format]}`;
  const crsProblem = crs === undefined ? undefined : sourceCrsProblem(crs);
  if (crsProblem) throw new Error(`the mapping's ${crsProblem}`);
  const drivers = FORMAT_DRIVERS[format];
  const openOptions = format === 'csv' ? CSV_OPEN_OPTIONS : [];
  const declared =
    crs === undefined && DECLARES_CRS.has(format)
      ? declaredCrs(await ogrinfo(['-ro', '-so', '-al', '-nocount', '-noextent', '-nomd', dataset], drivers, purpose))
      : undefined;
  const reprojection = crs !== undefined ? ['-s_srs', crs, '-t_srs', 'EPSG:4326'] : declared !== undefined ? ['-t_srs', 'EPSG:4326'] : [];
  async function* features(): AsyncGenerator<SourceFeature> {
    for await (const feature of ogr2ogrFeatures([...openOptions, ...reprojection, dataset], drivers, purpose)) {
      yield { properties: feature.properties ?? {}, geometry: feature.geometry ?? null };
    }
  }
  return { format, features: features(), crs: crs ?? declared, inLonLat: true };
}

/** The name of the first layer's CRS in ogrinfo's summary (`PROJCRS["NAD83 / …",`), if it declares one. */
function declaredCrs(summary: string): string | undefined {
  const wkt = /^Layer SRS WKT:\n(?!\(unknown\))(.*)$/m.exec(summary)?.[1];
  if (wkt === undefined) return undefined;
  return /^\w+\["([^"]+)"/.exec(wkt)?.[1] ?? wkt;
}
