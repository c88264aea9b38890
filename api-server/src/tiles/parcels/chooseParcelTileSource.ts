// Where parcel tiles are built from, chosen once per database (docs/decisions.md, "Where parcel tiles
// come from when the data outgrow an instance"): PostGIS's ST_AsMVT from the Web Mercator outlines a
// publish stores (migration 030) where the database has them, so no instance holds the parcels; else
// the parcels read into memory and the own encoder (PGlite, PostgreSQL without PostGIS).
import type { Db } from '@parcel-map/database';
import { createMemoryTileSource } from './memoryTileSource.ts';
import { createParcelMvtRepository } from './parcelMvtRepository.ts';
import type { ParcelTileSource } from './parcelTileSource.ts';
import { createParcelTilesRepository } from './parcelTilesRepository.ts';
import { createPostgisTileSource } from './postgisTileSource.ts';
import { readTileParcelsInWorkers } from './tileParcelsInWorkers.ts';

/** `readVersion`: the data version in the database now, for the parcels in memory (a load that saw it change is thrown away). */
export async function chooseParcelTileSource(db: Db, readVersion: () => Promise<number>): Promise<ParcelTileSource> {
  const outlines = createParcelMvtRepository(db);
  if (await outlines.hasMercatorOutlines()) return createPostgisTileSource({ outlines });
  const connection = db.connectionForOtherThreads;
  return createMemoryTileSource({
    parcels: createParcelTilesRepository(db),
    readVersion,
    ...(connection ? { readInWorkers: (ranges) => readTileParcelsInWorkers(connection, ranges) } : {}),
  });
}
