// The current data version (dataset id) for the tiles. Building or sending a tile through Express
// reads it from the database each time (one indexed row, small next to a build). The cached-tile hot
// path cannot wait for a query, so it uses known(): the last value read, kept only while this process
// LISTENs for the NOTIFY the datasets table sends on every change (migration 004) and dropped when one
// arrives. PGlite delivers that NOTIFY before the importing transaction's promise resolves, so the
// hot path is exact; on PostgreSQL it follows within the notification's delivery (a connection
// lost: no known value, every request reads, until LISTEN is restored).
import type { ListenEvent } from '@parcel-map/database';

export const DATA_VERSION_CHANNEL = 'parcel_data_version';

export interface DataVersionDeps {
  read: () => Promise<number>;
  /** Subscribes to changes; omitted (or failing), known() stays undefined. */
  watch?: (onEvent: (event: ListenEvent) => void) => Promise<unknown>;
}

export interface DataVersion {
  /** The version read from the database now. */
  current(): Promise<number>;
  /** The version when it is known to be current without a query, else undefined. */
  known(): number | undefined;
}

export function createDataVersion(deps: DataVersionDeps): DataVersion {
  let live = false;
  let value: number | undefined;
  // Bumped on every event, so a read that overlapped a change is not kept.
  let generation = 0;

  const onEvent = (event: ListenEvent) => {
    generation += 1;
    value = undefined;
    if (event === 'lost') live = false;
    if (event === 'restored') live = true;
  };
  const ready: Promise<void> = deps.watch
    ? deps.watch(onEvent).then(
        () => {
          live = true;
        },
        // No subscription: the hot path leaves every tile to Express, which reads the version.
        () => undefined,
      )
    : Promise.resolve();

  return {
    async current() {
      await ready;
      const readAt = generation;
      const read = await deps.read();
      if (live && readAt === generation) value = read;
      return read;
    },
    known: () => (live ? value : undefined),
  };
}
