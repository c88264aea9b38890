// Holds back what a LISTEN on the primary reports until a read replica has replayed the WAL the primary
// had flushed when the report came: a NOTIFY is delivered after its transaction commits, so by then the
// change is in that WAL, and a reader told of it finds it on the replica.
import type { ListenEvent, Queryable } from './db.ts';

// Replay on loopback takes milliseconds; a replica that is down or far behind is asked less often.
const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 250;

export function afterReplicaReplays(primary: Queryable, replica: Queryable, onEvent: (event: ListenEvent) => void): (event: ListenEvent) => void {
  let waiting: { event: ListenEvent; flushed: Promise<string | undefined> }[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (waiting.length > 0) {
        const queue = waiting;
        const next = queue[0]!;
        const flushed = await next.flushed;
        // Unknown (the primary did not answer): waiting could not end, so the report goes on as it came.
        if (flushed !== undefined) await replayed(flushed, () => waiting !== queue);
        // A lost LISTEN emptied the queue meanwhile: what it held is no longer news.
        if (waiting !== queue) continue;
        queue.shift();
        onEvent(next.event);
      }
    } finally {
      draining = false;
    }
  }

  async function replayed(lsn: string, abandoned: () => boolean): Promise<void> {
    for (let pollMs = FIRST_POLL_MS; !abandoned(); pollMs = Math.min(pollMs * 2, MAX_POLL_MS)) {
      if (await hasReplayed(replica, lsn)) return;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  return (event) => {
    if (event === 'lost') {
      // Until 'restored' nothing is current: the reports still waiting would only come after it.
      waiting = [];
      onEvent(event);
      return;
    }
    const flushed = primary.query<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn').then(
      ({ rows }) => rows[0]!.lsn,
      () => undefined,
    );
    waiting.push({ event, flushed });
    if (!draining) void drain();
  };
}

/** A server not in recovery is no replica (one pointed at a primary): there is nothing it could still replay. An unreachable one has not replayed. */
async function hasReplayed(replica: Queryable, lsn: string): Promise<boolean> {
  try {
    const { rows } = await replica.query<{ replayed: boolean }>('SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, NOT pg_is_in_recovery()) AS replayed', [lsn]);
    return rows[0]!.replayed;
  } catch {
    return false;
  }
}
