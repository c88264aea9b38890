// The saved list as files a user takes to a spreadsheet or a GIS: CSV, GeoJSON and KML, each with
// every field (the saved record joined with its parcel's current record) and, in GeoJSON and KML,
// the parcel's outline (its centroid when the parcel is no longer served).
import { csvText, datedFileName, type GeoJSONGeometry, type SavedParcelDetails, type SavedParcelRecord } from '@parcel-map/shared';

/** One exported parcel: what was saved and what the parcel record says now. */
export interface ExportRow {
  pin: string;
  owner: string;
  address: string;
  city: string | null;
  acres: number | null;
  zoning: string | null;
  township: string | null;
  sale_date: string | null;
  sale_price: number | null;
  notes: string | null;
  tags: string;
  saved_at: string;
  centroid_lat: number;
  centroid_lon: number;
}

export const EXPORT_FIELDS: readonly (keyof ExportRow)[] = [
  'pin',
  'owner',
  'address',
  'city',
  'acres',
  'zoning',
  'township',
  'sale_date',
  'sale_price',
  'notes',
  'tags',
  'saved_at',
  'centroid_lat',
  'centroid_lon',
];

export interface ExportParcel {
  row: ExportRow;
  geometry: GeoJSONGeometry;
}

/** Joins each saved record with its parcel details (by saved id), in the list's order. */
export function exportParcels(records: readonly SavedParcelRecord[], details: readonly SavedParcelDetails[]): ExportParcel[] {
  const byId = new Map(details.map((parcel) => [parcel.id, parcel]));
  return records.map((saved) => {
    const parcel = byId.get(saved.id);
    return {
      row: {
        pin: saved.parcel_pin,
        owner: saved.parcel_owner_name,
        address: saved.parcel_address,
        city: parcel?.city ?? null,
        acres: parcel?.taxacres ?? null,
        zoning: parcel?.zoning ?? null,
        township: parcel?.township ?? null,
        sale_date: parcel?.sale_date ?? null,
        sale_price: parcel?.sales_price ?? null,
        notes: saved.notes,
        tags: saved.tags.join('; '),
        saved_at: saved.created_at,
        centroid_lat: saved.parcel_centroid_lat,
        centroid_lon: saved.parcel_centroid_lon,
      },
      geometry: parcel?.geometry ?? { type: 'Point', coordinates: [saved.parcel_centroid_lon, saved.parcel_centroid_lat] },
    };
  });
}

export function savedParcelsCsv(parcels: readonly ExportParcel[]): string {
  return csvText(EXPORT_FIELDS, parcels.map(({ row }) => EXPORT_FIELDS.map((field) => row[field])));
}

export function savedParcelsGeoJson(parcels: readonly ExportParcel[]): string {
  return JSON.stringify(
    {
      type: 'FeatureCollection',
      features: parcels.map(({ row, geometry }) => ({ type: 'Feature', id: row.pin, geometry, properties: row })),
    },
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

/** KML 2.2 geometry for the GeoJSON types an outline or a centroid can be. */
export function kmlGeometry(geometry: GeoJSONGeometry): string {
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

export function savedParcelsKml(parcels: readonly ExportParcel[]): string {
  const placemarks = parcels.map(({ row, geometry }) => {
    const data = EXPORT_FIELDS.map((field) => `<Data name="${field}"><value>${xml(row[field] === null ? '' : String(row[field]))}</value></Data>`).join('');
    return `<Placemark><name>${xml(`${row.owner} (PIN ${row.pin})`)}</name><ExtendedData>${data}</ExtendedData>${kmlGeometry(geometry)}</Placemark>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Saved parcels</name>${placemarks.join('')}</Document></kml>\n`;
}

/** saved-parcels-2025-01-31.csv: the local date of the export. */
export function exportFileName(extension: 'csv' | 'geojson' | 'kml', now = new Date()): string {
  return datedFileName('saved-parcels', extension, now);
}
