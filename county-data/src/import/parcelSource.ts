// What a reader makes of an import file: its features, plain and streamed, and how to read their coordinates.
import type { Geometry } from 'geojson';

/** The formats read through GDAL, as the messages name them. */
export const GDAL_FORMATS = {
  geopackage: 'a GeoPackage',
  filegdb: 'a File Geodatabase',
  kml: 'a KML file',
  kmz: 'a KMZ file',
  topojson: 'a TopoJSON file',
  csv: 'a CSV file',
} as const;
export type GdalFormat = keyof typeof GDAL_FORMATS;

export interface SourceFeature {
  properties: Record<string, unknown>;
  geometry: Geometry | null;
}

export interface ParcelSource {
  format: 'geojson' | 'geojsonseq' | 'shapefile' | GdalFormat;
  /** Read as they are consumed, once: a file of any size is read in flat memory. */
  features: AsyncIterable<SourceFeature>;
  /** How far through the file the features read so far reach (0–1), where the reader can tell. */
  fractionRead?: () => number;
  /** The CRS the file declares (.prj WKT, GeoJSON `crs` name, GDAL's CRS name); undefined means lon/lat. */
  crs: string | undefined;
  /** GDAL has already reprojected the features to lon/lat. */
  inLonLat: boolean;
}


/** Every feature of a source in memory, for files that are small by nature (a county's overlay layers). */
export async function readAllFeatures(source: ParcelSource): Promise<SourceFeature[]> {
  const features: SourceFeature[] = [];
  for await (const feature of source.features) features.push(feature);
  return features;
}
