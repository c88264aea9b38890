// The saved list as files a user takes to a spreadsheet or a GIS: CSV and GeoJSON (centroid points).
import type { SavedParcelRecord } from '@parcel-map/shared';

export const CSV_COLUMNS = ['pin', 'owner', 'address', 'notes', 'lat', 'lon', 'saved at'] as const;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a quote, comma or line break; text that a
 * spreadsheet would read as a formula gets a leading apostrophe. Numbers are written as numbers. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function savedParcelsCsv(parcels: readonly SavedParcelRecord[]): string {
  const rows = parcels.map((saved) => [
    saved.parcel_pin,
    saved.parcel_owner_name,
    saved.parcel_address,
    saved.notes,
    saved.parcel_centroid_lat,
    saved.parcel_centroid_lon,
    saved.created_at,
  ]);
  // CRLF per RFC 4180; the byte-order mark makes spreadsheet programs read the file as UTF-8.
  return '\uFEFF' + [CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function savedParcelsGeoJson(parcels: readonly SavedParcelRecord[]): string {
  return JSON.stringify(
    {
      type: 'FeatureCollection',
      features: parcels.map((saved) => ({
        type: 'Feature',
        id: saved.id,
        geometry: { type: 'Point', coordinates: [saved.parcel_centroid_lon, saved.parcel_centroid_lat] },
        properties: {
          pin: saved.parcel_pin,
          owner: saved.parcel_owner_name,
          address: saved.parcel_address,
          notes: saved.notes,
          saved_at: saved.created_at,
        },
      })),
    },
    null,
    2,
  );
}

/** saved-parcels-2025-01-31.csv: the local date of the export. */
export function exportFileName(extension: 'csv' | 'geojson', now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `saved-parcels-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}

/** Hands a file to the browser's download machinery. */
export function downloadFile(fileName: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; free ours on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
