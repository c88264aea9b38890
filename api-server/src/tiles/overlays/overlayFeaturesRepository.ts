// SQL for overlay_features: the features of an overlay's current version (migration 011), written by
// the county data tools (county-data/src/publish/overlayVersions.ts).
import type { Geometry } from 'geojson';
import type { Queryable } from '@parcel-map/database';

export interface OverlayFeatureRow {
  feature: number;
  properties: Record<string, unknown>;
  geometry: Geometry;
}

export interface CurrentOverlayFeatures {
  /** The properties its tiles carry, in order; null: every one. */
  shownAttributes: string[] | null;
  /** The property that names a feature on the map (style.labelAttribute), carried by its tiles whatever they show. */
  labelAttribute: string | null;
  features: OverlayFeatureRow[];
}

export function createOverlayFeaturesRepository(db: Queryable) {
  return {
    /** The names of the overlays served now. */
    async currentNames(): Promise<ReadonlySet<string>> {
      const { rows } = await db.query<{ name: string }>('SELECT name FROM overlays WHERE is_current');
      return new Set(rows.map((row) => row.name));
    },

    /** undefined: no overlay of that name is served. */
    async current(name: string): Promise<CurrentOverlayFeatures | undefined> {
      const { rows: overlays } = await db.query<{ id: number; shownAttributes: string[] | null; labelAttribute: string | null }>(
        `SELECT id, shown_attributes AS "shownAttributes", style->>'labelAttribute' AS "labelAttribute" FROM overlays WHERE name = $1 AND is_current`,
        [name],
      );
      const overlay = overlays[0];
      if (!overlay) return undefined;
      const { rows } = await db.query<OverlayFeatureRow>('SELECT feature, properties, geometry FROM overlay_features WHERE overlay_id = $1 ORDER BY feature', [overlay.id]);
      return { shownAttributes: overlay.shownAttributes, labelAttribute: overlay.labelAttribute, features: rows };
    },
  };
}

export type OverlayFeaturesRepository = ReturnType<typeof createOverlayFeaturesRepository>;
