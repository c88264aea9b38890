// The imagery layers served now as the wire lists them (shared/src/imagery/imageryContract.ts): each
// imported file's current version, its tile URL carrying the version's id, and each imagery service
// an administrator added — the oldest first, the newest last, where the imagery styles draw it on top
// (features/styles/imageryStyles.ts). Newest means the photos' year; a layer without one counts as
// taken the year it was published or added; within a year files come as published, then services as
// added (a county's live service is taken as newer than a file of the same year).
import { listImageryVersions } from '@parcel-map/county-data/publish';
import type { Queryable } from '@parcel-map/database';
import { imageryTilesTemplate, type Imagery } from '@parcel-map/shared/contracts';
import type { ImageryServicesRepository } from './imageryServicesRepository.ts';

/** The year a layer's photos count as taken: its own, else the year of `since` (an ISO 8601 time). */
const takenIn = (year: number | null, since: string) => year ?? Number(since.slice(0, 4));

export function createImageryService(deps: { db: Queryable; services: ImageryServicesRepository }) {
  return {
    async current(): Promise<Imagery[]> {
      const [versions, services] = await Promise.all([listImageryVersions(deps.db), deps.services.list()]);
      const files = versions
        .filter((version) => version.current)
        .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id - b.id)
        .map(({ id, name, label, bbox, minzoom, maxzoom, attribution, version, tileFormat, year, publishedAt }) => ({
          taken: takenIn(year, publishedAt),
          layer: { name, source: 'file', label, bbox, minzoom, maxzoom, tiles: imageryTilesTemplate(name, tileFormat, id), attribution, version, year } satisfies Imagery,
        }));
      const added = services.map(({ name, label, bounds, minzoom, maxzoom, tiles, attribution, year, addedAt }) => ({
        taken: takenIn(year, addedAt),
        layer: { name, source: 'service', label, bbox: bounds, minzoom, maxzoom, tiles, attribution, version: 1, year } satisfies Imagery,
      }));
      // A stable sort: within a year, files as published before services as added.
      return [...files, ...added].sort((a, b) => a.taken - b.taken).map(({ layer }) => layer);
    },
  };
}

export type ImageryService = ReturnType<typeof createImageryService>;
