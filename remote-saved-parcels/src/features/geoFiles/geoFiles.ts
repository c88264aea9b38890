// GeoJSON and KML files of named features with properties: the one writer behind the saved parcels'
// and the markups' exports.
import type { GeoJSONGeometry } from '@parcel-map/shared';

export type Cell = string | number | boolean | null;

export interface GeoFileFeature {
  id: string | number;
  /** The placemark's name in KML. */
  name: string;
  geometry: GeoJSONGeometry;
  properties: Record<string, Cell>;
  /** #rrggbb: the placemark is drawn in it (a markup's colour); without it, in the viewer's own. */
  color?: string;
}

/** The files and their types, as the export buttons name them. */
export const GEO_FILES = {
  GeoJSON: { extension: 'geojson', type: 'application/geo+json' },
  KML: { extension: 'kml', type: 'application/vnd.google-earth.kml+xml' },
} as const;
export type GeoFileKind = keyof typeof GEO_FILES;

export function geoJsonText(features: readonly GeoFileFeature[]): string {
  return JSON.stringify(
    { type: 'FeatureCollection', features: features.map(({ id, geometry, properties }) => ({ type: 'Feature', id, geometry, properties })) },
    null,
    2,
  );
}

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const kmlCoordinates = (positions: unknown): string => (positions as number[][]).map(([lng, lat]) => `${lng},${lat}`).join(' ');

function kmlPolygon(rings: unknown): string {
  const [outer, ...holes] = rings as unknown[];
  return (
    `<Polygon><outerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(outer)}</coordinates></LinearRing></outerBoundaryIs>` +
    holes.map((hole) => `<innerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(hole)}</coordinates></LinearRing></innerBoundaryIs>`).join('') +
    '</Polygon>'
  );
}

/** KML 2.2 geometry for the GeoJSON types an outline, a centroid or a drawing can be. */
function kmlGeometry(geometry: GeoJSONGeometry): string {
  const { coordinates } = geometry;
  switch (geometry.type) {
    case 'Point':
      return `<Point><coordinates>${kmlCoordinates([coordinates])}</coordinates></Point>`;
    case 'LineString':
      return `<LineString><coordinates>${kmlCoordinates(coordinates)}</coordinates></LineString>`;
    case 'Polygon':
      return kmlPolygon(coordinates);
    case 'MultiPolygon':
      return `<MultiGeometry>${coordinates.map(kmlPolygon).join('')}</MultiGeometry>`;
    case 'MultiPoint':
    case 'MultiLineString':
      return `<MultiGeometry>${coordinates.map((part) => kmlGeometry({ type: geometry.type === 'MultiPoint' ? 'Point' : 'LineString', coordinates: part as unknown[] })).join('')}</MultiGeometry>`;
  }
}

/** KML's aabbggrr of a #rrggbb colour at an opacity (00–ff). */
const kmlColor = (color: string, alpha: string) => `${alpha}${color.slice(5, 7)}${color.slice(3, 5)}${color.slice(1, 3)}`.toLowerCase();

function kmlStyle(color: string | undefined): string {
  if (!color) return '';
  return `<Style><IconStyle><color>${kmlColor(color, 'ff')}</color></IconStyle><LineStyle><color>${kmlColor(color, 'ff')}</color><width>3</width></LineStyle><PolyStyle><color>${kmlColor(color, '33')}</color></PolyStyle></Style>`;
}

/**
 * A KML document: one placemark per feature with an ExtendedData entry per column (a column a
 * feature lacks is written empty, so every placemark has the same fields).
 */
export function kmlText(documentName: string, features: readonly GeoFileFeature[], columns: readonly string[]): string {
  const placemarks = features.map(({ name, geometry, properties, color }) => {
    const data = columns.map((column) => `<Data name="${xml(column)}"><value>${xml(String(properties[column] ?? ''))}</value></Data>`).join('');
    return `<Placemark><name>${xml(name)}</name>${kmlStyle(color)}<ExtendedData>${data}</ExtendedData>${kmlGeometry(geometry)}</Placemark>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xml(documentName)}</name>${placemarks.join('')}</Document></kml>\n`;
}
