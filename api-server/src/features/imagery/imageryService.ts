// The imagery layers served now as the wire lists them (shared/src/imagery/imageryContract.ts): each
// imported file's current version, its tile URL carrying the version's id, in the order they were
// published, then each imagery service an administrator added, in the order added — the newest last
// (a county's live service is taken as newer than any file). Read by GET /api/imagery and by the imagery base
// styles (features/styles/imageryStyles.ts).
import { listImageryVersions } from '@parcel-map/county-data/publish';
import type { Queryable } from '@parcel-map/database';
import { imageryTilesTemplate, type Imagery } from '@parcel-map/shared/contracts';
import type { ImageryServicesRepository } from './imageryServicesRepository.ts';

export function createImageryService(deps: { db: Queryable; services: ImageryServicesRepository }) {
  return {
    async current(): Promise<Imagery[]> {
      const [versions, services] = await Promise.all([listImageryVersions(deps.db), deps.services.list()]);
      const files = versions
        .filter((version) => version.current)
        .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id - b.id)
        .map(({ id, name, label, bbox, minzoom, maxzoom, attribution, version, tileFormat }): Imagery => ({
          name, source: 'file', label, bbox, minzoom, maxzoom, tiles: imageryTilesTemplate(name, tileFormat, id), attribution, version,
        }));
      return [
        ...files,
        ...services.map(({ name, label, bounds, minzoom, maxzoom, tiles, attribution }): Imagery => ({
          name, source: 'service', label, bbox: bounds, minzoom, maxzoom, tiles, attribution, version: 1,
        })),
      ];
    },
  };
}

export type ImageryService = ReturnType<typeof createImageryService>;
