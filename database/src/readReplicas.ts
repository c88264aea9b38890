// The Db the read paths use when PostgreSQL has streaming replicas (DATABASE_READ_URL): queries go to
// the replicas in turn, LISTEN to the primary — whose reports arrive once every replica has replayed
// what they report (replicaReplay.ts), so what a reader is told is current, it finds.
import type { Db } from './db.ts';
import { openPgDb, type PgDbOptions } from './pgDb.ts';
import { afterReplicasReplay } from './replicaReplay.ts';

export async function openReadReplicas(primary: Db, urls: readonly string[], options: Pick<PgDbOptions, 'onIdleClientError'> = {}): Promise<Db> {
  if (urls.length === 0) throw new Error('no read replica URL');
  const replicas = await Promise.all(urls.map((url) => openPgDb(url, options)));
  let turn = 0;
  const next = () => replicas[turn++ % replicas.length]!;
  return {
    singleSession: false,
    // Another thread reads one replica: the first, which every report waited for too.
    connectionForOtherThreads: replicas[0]!.connectionForOtherThreads,
    query: (sql, params, queryOptions) => next().query(sql, params, queryOptions),
    exec: (sql) => next().exec(sql),
    transaction: (fn) => next().transaction(fn),
    listen: (channel, onEvent) => primary.listen(channel, afterReplicasReplay(primary, replicas, onEvent)),
    load() {
      const loads = replicas.map((replica) => replica.load());
      return { running: loads.reduce((sum, load) => sum + load.running, 0), waiting: loads.reduce((sum, load) => sum + load.waiting, 0) };
    },
    // The primary is its opener's to close.
    close: async () => {
      await Promise.all(replicas.map((replica) => replica.close()));
    },
  };
}
