// SQL for what the map reads about data sets: the data version, the current versions and the initial
// view set on the Data page. The versions themselves are written by the county data tools
// (county-data/src/publish/datasetVersions.ts).
import type { Queryable } from '@parcel-map/database';
import type { Dataset, InitialViewSetting } from '@parcel-map/shared/contracts';

const INITIAL_VIEW_SETTING = 'initial_view';

export function createDatasetsRepository(db: Queryable) {
  return {
    /** Bumped by every publish, rollback and removal (migration 007). */
    async dataVersion(): Promise<number> {
      const { rows } = await db.query<{ value: number }>('SELECT value::float8 AS value FROM data_version');
      return rows[0]?.value ?? 0;
    },

    /** The current version of every data set, by name. */
    async current(): Promise<Dataset[]> {
      const { rows } = await db.query<Dataset>(
        `SELECT name, version, parcel_count AS parcels, source_name AS source, licence,
                to_char(as_of, 'YYYY-MM-DD') AS "asOf",
                to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "publishedAt",
                CASE WHEN west IS NULL THEN NULL ELSE json_build_array(west, south, east, north) END AS bbox
           FROM datasets WHERE is_current ORDER BY name`,
      );
      return rows;
    },

    async initialView(): Promise<InitialViewSetting | null> {
      const { rows } = await db.query<{ value: InitialViewSetting }>('SELECT value FROM app_settings WHERE key = $1', [INITIAL_VIEW_SETTING]);
      return rows[0]?.value ?? null;
    },

    /** null: back to the runtime config's view. */
    async setInitialView(view: InitialViewSetting | null): Promise<void> {
      if (view === null) await db.query('DELETE FROM app_settings WHERE key = $1', [INITIAL_VIEW_SETTING]);
      else {
        await db.query(
          'INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
          [INITIAL_VIEW_SETTING, JSON.stringify(view)],
        );
      }
    },
  };
}

export type DatasetsRepository = ReturnType<typeof createDatasetsRepository>;
