// The imagery layers served now as the wire lists them (shared/src/imagery/imageryContract.ts): each
// current version, its tile URL carrying the version's id. Read by GET /api/imagery and by the
// imagery base styles (features/styles/imageryStyles.ts).
import { listImageryVersions } from '@parcel-map/county-data/publish';
import type { Queryable } from '@parcel-map/database';
import { imageryTilesTemplate, type Imagery } from '@parcel-map/shared/contracts';

export function createImageryService(deps: { db: Queryable }) {
  return {
    async current(): Promise<Imagery[]> {
      return (await listImageryVersions(deps.db))
        .filter((version) => version.current)
        .map(({ id, name, label, bbox, minzoom, maxzoom, attribution, version, tileFormat }) => ({
          name, label, bbox, minzoom, maxzoom, tiles: imageryTilesTemplate(name, tileFormat, id), attribution, version,
        }));
    },
  };
}

export type ImageryService = ReturnType<typeof createImageryService>;
