// The imagery services stored (migration 014_imagery_services.sql), as plain rows.
import type { Queryable } from '@parcel-map/database';
import type { ImageryTileService } from '@parcel-map/shared/contracts';

interface ServiceRow {
  name: string;
  kind: ImageryTileService['kind'];
  url: string;
  tiles: string;
  label: string;
  attribution: string;
  year: number | null;
  addedAt: string;
  west: number;
  south: number;
  east: number;
  north: number;
  minzoom: number;
  maxzoom: number;
}

const fromRow = ({ west, south, east, north, ...row }: ServiceRow): ImageryTileService => ({ ...row, bounds: [west, south, east, north] });

export function createImageryServicesRepository(db: Queryable) {
  return {
    async list(): Promise<ImageryTileService[]> {
      const { rows } = await db.query<ServiceRow>(
        `SELECT name, kind, url, tiles, label, attribution, acquired_year AS year, to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "addedAt",
           west, south, east, north, minzoom, maxzoom FROM imagery_services ORDER BY added_at, name`,
      );
      return rows.map(fromRow);
    },

    /** Whether an imported imagery layer or a service already has the name (a style id is `imagery-<name>`). */
    async nameTaken(name: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM imagery WHERE name = $1 UNION ALL SELECT 1 FROM imagery_services WHERE name = $1 LIMIT 1', [name]);
      return rows.length > 0;
    },

    async insert(service: Omit<ImageryTileService, 'addedAt'>): Promise<ImageryTileService> {
      const [west, south, east, north] = service.bounds;
      const { rows } = await db.query<{ addedAt: string }>(
        `INSERT INTO imagery_services (name, kind, url, tiles, label, attribution, acquired_year, west, south, east, north, minzoom, maxzoom)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "addedAt"`,
        [service.name, service.kind, service.url, service.tiles, service.label, service.attribution, service.year, west, south, east, north, service.minzoom, service.maxzoom],
      );
      return { ...service, addedAt: rows[0]!.addedAt };
    },

    /** False when there was none of that name. */
    async remove(name: string): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM imagery_services WHERE name = $1 RETURNING name', [name]);
      return rows.length > 0;
    },
  };
}

export type ImageryServicesRepository = ReturnType<typeof createImageryServicesRepository>;
