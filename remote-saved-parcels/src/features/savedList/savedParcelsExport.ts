// The saved list as files a user takes to a spreadsheet or a GIS: CSV, GeoJSON and KML, each with
// every field (the saved record joined with its parcel's current record, then the county's own
// attributes, one column per label) and, in GeoJSON and KML, the parcel's outline (its centroid when
// the parcel is no longer served).
import { csvText, datedFileName, type GeoJSONGeometry, type SavedParcelDetails, type SavedParcelRecord } from '@parcel-map/shared';
import { geoJsonText, kmlText, type Cell, type GeoFileFeature } from '../geoFiles/geoFiles.ts';

/** One exported parcel: what was saved and what the parcel record says now. */
interface ExportRow {
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
  mail_address: string | null;
  mail_city: string | null;
  mail_state: string | null;
  mail_zip: string | null;
}

const EXPORT_FIELDS: readonly (keyof ExportRow)[] = [
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
  'mail_address',
  'mail_city',
  'mail_state',
  'mail_zip',
];

export interface ExportParcel {
  row: ExportRow;
  /** The county's own attributes by label. */
  attributes: Record<string, Cell>;
  geometry: GeoJSONGeometry;
}

/**
 * The files' columns: the fixed fields, then each attribute label any exported parcel has, in the
 * order first met (parcels of several counties bring their own). A label that is also a fixed
 * field's name stays out, so no column is written twice.
 */
function exportColumns(parcels: readonly ExportParcel[]): string[] {
  const columns = new Set<string>(EXPORT_FIELDS);
  for (const { attributes } of parcels) for (const label of Object.keys(attributes)) columns.add(label);
  return [...columns];
}

function cells(parcel: ExportParcel, columns: readonly string[]): Cell[] {
  return columns.map((column) => (column in parcel.row ? parcel.row[column as keyof ExportRow] : (parcel.attributes[column] ?? null)));
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
        mail_address: parcel?.mail_add1 ?? null,
        mail_city: parcel?.mail_city ?? null,
        mail_state: parcel?.mail_state ?? null,
        mail_zip: parcel?.mail_zip ?? null,
      },
      // Files keep the values as the county gave them (numbers stay numbers), not as the panel shows them.
      attributes: Object.fromEntries((parcel?.attributes ?? []).map((attribute) => [attribute.label, attribute.value])),
      geometry: parcel?.geometry ?? { type: 'Point', coordinates: [saved.parcel_centroid_lon, saved.parcel_centroid_lat] },
    };
  });
}

export function savedParcelsCsv(parcels: readonly ExportParcel[]): string {
  const columns = exportColumns(parcels);
  return csvText(columns, parcels.map((parcel) => cells(parcel, columns).map((cell) => (typeof cell === 'boolean' ? String(cell) : cell))));
}

export function savedParcelsGeoJson(parcels: readonly ExportParcel[]): string {
  return geoJsonText(parcels.map(geoFileFeature));
}

/** The parcel as a file's feature: the row, then the attributes whose label is not a fixed field's name (as in exportColumns). */
function geoFileFeature(parcel: ExportParcel): GeoFileFeature {
  const attributes = Object.entries(parcel.attributes).filter(([label]) => !(label in parcel.row));
  return {
    id: parcel.row.pin,
    name: `${parcel.row.owner} (PIN ${parcel.row.pin})`,
    geometry: parcel.geometry,
    properties: { ...parcel.row, ...Object.fromEntries(attributes) },
  };
}

export function savedParcelsKml(parcels: readonly ExportParcel[]): string {
  return kmlText('Saved parcels', parcels.map(geoFileFeature), exportColumns(parcels));
}

/** saved-parcels-2025-01-31.csv: the local date of the export. */
export function exportFileName(extension: 'csv' | 'geojson' | 'kml', now = new Date()): string {
  return datedFileName('saved-parcels', extension, now);
}
