// Overlays and their versions (migration 011), published, rolled back and removed as versions.ts
// says: a county's other layers, each version with its features (every property kept).
import type { Geometry } from 'geojson';
import type { Db, Queryable } from '@parcel-map/database';
import { OVERLAY_NAME_PATTERN, type OverlayAttributeField, type OverlayContextKind, type OverlayGeometryType, type OverlayLegend, type OverlayStyle, type OverlayVersion } from '@parcel-map/shared/contracts';
import { DatasetError, NEXT_VERSION, publishVersion, removeVersions, rollbackVersion, type VersionedKind } from './versions.ts';

// One JSON parameter per batch, as parcels are written.
const BATCH_SIZE = 5000;

export interface OverlayMeta {
  name: string;
  label: string;
  geometryType: OverlayGeometryType;
  context: OverlayContextKind | null;
  style: OverlayStyle;
  /** The values its features hold of the attribute it is coloured by; null: coloured alike. */
  legend: OverlayLegend | null;
  /** How the popup shows the shown properties the mapping describes. */
  fields: OverlayAttributeField[];
  /** The properties its tiles carry, in order; null: every one. */
  shownAttributes: string[] | null;
  sourceName: string;
  licence: string;
  asOf: string | null;
  rejected: number;
}

export interface OverlayFeatureInsert {
  /** Its number in the file (1-based). */
  feature: number;
  properties: Record<string, unknown>;
  /** Lon/lat. */
  geometry: Geometry;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

/** A kept version as the wire lists it (shared/src/overlays/overlayAdminContract.ts), with its row id, legend and fields. */
export interface OverlayVersionRow extends OverlayVersion, Pick<OverlayMeta, 'legend' | 'fields'> {
  id: number;
}

/** The name as given if it is a valid overlay name, else a DatasetError saying what one looks like. */
export function checkOverlayName(name: string): string {
  if (!OVERLAY_NAME_PATTERN.test(name)) {
    throw new DatasetError(`'${name}' is not an overlay name: use lower-case letters, digits and hyphens (at most 63, starting with a letter or digit), such as flood-zones`, 'invalid');
  }
  return name;
}

const OVERLAYS: VersionedKind = {
  table: 'overlays',
  noun: 'overlay',
  // Every version's features stay in overlay_features: the tiles read the current version's by id.
  async summarise(tx, id) {
    await tx.query(
      `UPDATE overlays o SET feature_count = s.features, west = s.west, south = s.south, east = s.east, north = s.north
         FROM (SELECT count(*)::int AS features, min(min_lon) AS west, min(min_lat) AS south, max(max_lon) AS east, max(max_lat) AS north
                 FROM overlay_features WHERE overlay_id = $1) s
        WHERE o.id = $1`,
      [id],
    );
  },
};

const VERSION_COLUMNS = `id, name, version, is_current AS current, label, geometry_type AS "geometryType", context, style,
  shown_attributes AS "shownAttributes", legend, attribute_fields AS fields, feature_count AS features, rejected_count AS rejected,
  source_name AS source, licence, to_char(as_of, 'YYYY-MM-DD') AS "asOf",
  to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt",
  CASE WHEN west IS NULL THEN NULL ELSE json_build_array(west, south, east, north) END AS bbox`;

/** Every kept version of every overlay, by name, newest version first. */
export async function listOverlayVersions(db: Queryable): Promise<OverlayVersionRow[]> {
  const { rows } = await db.query<OverlayVersionRow>(`SELECT ${VERSION_COLUMNS} FROM overlays ORDER BY name, version DESC`);
  return rows;
}

/** Writes the overlay's next version with its features and makes it current. */
export async function publishOverlayVersion(db: Db, meta: OverlayMeta, features: readonly OverlayFeatureInsert[]): Promise<OverlayVersionRow> {
  checkOverlayName(meta.name);
  return publishVersion(db, OVERLAYS, meta.name, {
    async insert(tx) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO overlays (name, version, label, geometry_type, context, style, shown_attributes, source_name, licence, as_of, rejected_count, legend, attribute_fields)
         SELECT $1, ${NEXT_VERSION}, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11::jsonb, $12::jsonb FROM overlays WHERE name = $1
         RETURNING id`,
        [
          meta.name, meta.label, meta.geometryType, meta.context, JSON.stringify(meta.style),
          meta.shownAttributes === null ? null : JSON.stringify(meta.shownAttributes), meta.sourceName, meta.licence, meta.asOf, meta.rejected,
          meta.legend === null ? null : JSON.stringify(meta.legend), JSON.stringify(meta.fields),
        ],
      );
      return rows[0]!.id;
    },
    async write(tx, id) {
      for (let start = 0; start < features.length; start += BATCH_SIZE) {
        await tx.query(
          `INSERT INTO overlay_features (overlay_id, feature, properties, geometry, min_lon, min_lat, max_lon, max_lat)
           SELECT $2, feature, properties, geometry, min_lon, min_lat, max_lon, max_lat
             FROM json_to_recordset($1::json) AS r(feature integer, properties jsonb, geometry json, min_lon float8, min_lat float8, max_lon float8, max_lat float8)`,
          [JSON.stringify(features.slice(start, start + BATCH_SIZE)), id],
        );
      }
    },
    answer: async (tx, id) => (await versionById(tx, id))!,
  });
}

/** Makes the overlay's version before the current one current again; returns it. */
export async function rollbackOverlay(db: Db, name: string): Promise<OverlayVersionRow> {
  return (await versionById(db, await rollbackVersion(db, OVERLAYS, name)))!;
}

/** Removes every version of the overlay with its features. */
export async function removeOverlay(db: Db, name: string): Promise<void> {
  await removeVersions(db, OVERLAYS, name);
}

async function versionById(tx: Queryable, id: number): Promise<OverlayVersionRow | undefined> {
  const { rows } = await tx.query<OverlayVersionRow>(`SELECT ${VERSION_COLUMNS} FROM overlays WHERE id = $1`, [id]);
  return rows[0];
}
