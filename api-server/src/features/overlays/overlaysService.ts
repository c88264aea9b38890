// The overlays served now as the wire lists them (shared/src/overlays/overlayContract.ts): each
// current version, its tile URL carrying the data version its tiles are cut for. Read by
// GET /api/overlays and by the offline styles (the context overlays they draw).
import { listOverlayVersions } from '@parcel-map/county-data/publish';
import type { Queryable } from '@parcel-map/database';
import { overlayTilesTemplate, type Overlay } from '@parcel-map/shared/contracts';
import type { DataVersion } from '../../platform/cache/dataVersion.ts';

export function createOverlaysService(deps: { db: Queryable; dataVersion: DataVersion }) {
  return {
    async current(): Promise<Overlay[]> {
      const [dataVersion, versions] = await Promise.all([deps.dataVersion.current(), listOverlayVersions(deps.db)]);
      return versions
        .filter((version) => version.current)
        .map(({ name, label, geometryType, version, features, bbox, context, style, legend, fields, source, licence }) => ({
          name, label, geometryType, version, features, bbox, tiles: overlayTilesTemplate(name, dataVersion), context, style, legend, fields, source, licence,
        }));
    },
  };
}

export type OverlaysService = ReturnType<typeof createOverlaysService>;
