// Issue #39 point 6: an unknown overlay name is answered from the names served under the data
// version, read once per version, not with a query each; a publish or rollback changes the version,
// and the names with it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@parcel-map/database';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { squarePolygon } from '@parcel-map/county-data/testing';
import { openTestDb } from '@parcel-map/database/testing';
import { createDatasetsRepository } from '../../features/datasets/datasetsRepository.ts';
import { createDataVersion, DATA_VERSION_CHANNEL, type DataVersion } from '../../platform/cache/dataVersion.ts';
import { lonLatToTile } from '../kit/tileMath.ts';
import { createOverlayFeaturesRepository } from './overlayFeaturesRepository.ts';
import { createOverlayTiles } from './overlayTiles.ts';

describe('overlay tiles by name', () => {
  let db: Db;
  let dataVersion: DataVersion;
  beforeAll(async () => {
    db = await openTestDb();
    const datasets = createDatasetsRepository(db);
    dataVersion = createDataVersion({ read: () => datasets.dataVersion(), watch: (onEvent) => db.listen(DATA_VERSION_CHANNEL, onEvent) });
  });
  afterAll(() => db.close());

  /** An overlay of one square round the demo centre, current: as a publish leaves it (the trigger moves the data version). */
  async function publish(name: string): Promise<void> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO overlays (name, version, is_current, label, geometry_type, style, source_name, licence)
       VALUES ($1, 1, true, $1, 'polygon', '{"colour":"#3366cc"}', 'test', 'none') RETURNING id`,
      [name],
    );
    const centre = [DEMO_CENTRE.lng, DEMO_CENTRE.lat] as const;
    await db.query(
      `INSERT INTO overlay_features (overlay_id, feature, properties, geometry, min_lon, min_lat, max_lon, max_lat) VALUES ($1, 1, '{}', $2, $3, $4, $5, $6)`,
      [rows[0]!.id, JSON.stringify(squarePolygon(centre[0] - 0.01, centre[1] - 0.01, 0.02)), centre[0] - 0.01, centre[1] - 0.01, centre[0] + 0.01, centre[1] + 0.01],
    );
  }

  /**
   * The data version read after a change, so the old one is no longer known (PostgreSQL delivers the
   * NOTIFY that forgets it a moment later; PGlite before the change's promise resolves).
   */
  async function versionSeen(): Promise<void> {
    expect(await dataVersion.current()).toBe(await createDatasetsRepository(db).dataVersion());
  }

  it('answers an unknown name 404 without a query of its own, and follows a publish and a rollback', async () => {
    await publish('wetlands');
    await versionSeen();
    const features = createOverlayFeaturesRepository(db);
    const namesRead = vi.spyOn(features, 'currentNames');
    const overlayRead = vi.spyOn(features, 'current');
    const tiles = createOverlayTiles({ features, dataVersion });
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 14);

    expect((await tiles.getTile(14, x, y, 'wetlands')).kind).toBe('tile');
    for (const name of ['nope', 'nope-2', 'nope-3']) await expect(tiles.getTile(14, x, y, name)).rejects.toMatchObject({ status: 404, message: 'Overlay not found' });
    expect(namesRead).toHaveBeenCalledTimes(1);
    expect(overlayRead).toHaveBeenCalledTimes(1);

    await publish('nope');
    await versionSeen();
    expect((await tiles.getTile(14, x, y, 'nope')).kind).toBe('tile');
    expect(namesRead).toHaveBeenCalledTimes(2);

    // A rollback of the overlay's only version leaves it unserved (the data version moves again).
    await db.query("UPDATE overlays SET is_current = false WHERE name = 'nope'");
    await versionSeen();
    await expect(tiles.getTile(14, x, y, 'nope')).rejects.toMatchObject({ status: 404 });
    expect(namesRead).toHaveBeenCalledTimes(3);
  });
});
