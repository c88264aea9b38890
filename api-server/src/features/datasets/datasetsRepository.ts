// SQL for what the map reads about data sets: the data version, the current versions and the initial
// view set on the Data page. The versions themselves are written by the county data tools
// (county-data/src/publish/datasetVersions.ts).
import { listDatasetVersions } from '@parcel-map/county-data/publish';
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

    /** The current version of every data set, by name (the versions as the county data tools list them). */
    async current(): Promise<Dataset[]> {
      return (await listDatasetVersions(db))
        .filter((version) => version.current)
        .map(({ name, version, parcels, source, licence, asOf, publishedAt, bbox }) => ({ name, version, parcels, source, licence, asOf, publishedAt, bbox }));
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
