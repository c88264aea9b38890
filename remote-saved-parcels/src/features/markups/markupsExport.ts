// The markups as GeoJSON and KML files, through the saved parcels' geo file writer.
import { datedFileName, type Markup } from '@parcel-map/shared';
import { geoJsonText, kmlText, type GeoFileFeature, type GeoFileKind } from '../geoFiles/geoFiles.ts';

const MARKUP_COLUMNS = ['name', 'color', 'visible', 'note', 'created_at'] as const;

function markupFeature(markup: Markup): GeoFileFeature {
  return {
    id: markup.id,
    name: markup.name,
    color: markup.color,
    geometry: markup.geometry,
    properties: Object.fromEntries(MARKUP_COLUMNS.map((column) => [column, markup[column] ?? null])),
  };
}

export function markupsFile(kind: GeoFileKind, markups: readonly Markup[]): string {
  const features = markups.map(markupFeature);
  return kind === 'GeoJSON' ? geoJsonText(features) : kmlText('Markups', features, MARKUP_COLUMNS);
}

/** markups-2025-01-31.kml: the local date of the export. */
export function markupsFileName(extension: string, now = new Date()): string {
  return datedFileName('markups', extension, now);
}
