// The Db the read paths use when PostgreSQL has streaming replicas (DATABASE_READ_URL): queries go to
// one replica, LISTEN to the primary — whose reports arrive once that replica has replayed what they
// report (replicaReplay.ts), so what a reader is told is current, it finds.
import type { Db } from './db.ts';
import { openPgDb, type PgDbOptions } from './pgDb.ts';
import { afterReplicaReplays } from './replicaReplay.ts';

/**
 * Of several replicas each instance reads one, chosen at random when it opens, so instances spread over
 * them: replicas replay at their own pace, and reads spread over two could find a row, then not find it.
 */
export async function openReadReplica(primary: Db, urls: readonly string[], options: Pick<PgDbOptions, 'onIdleClientError'> = {}): Promise<{ readDb: Db; url: string }> {
  const url = urls[Math.floor(Math.random() * urls.length)];
  if (url === undefined) throw new Error('no read replica URL');
  const replica = await openPgDb(url, options);
  return {
    url,
    readDb: {
      ...replica,
      listen: (channel, onEvent) => primary.listen(channel, afterReplicaReplays(primary, replica, onEvent)),
    },
  };
}
