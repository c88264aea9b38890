// Vitest global setup: the temporary folders tests make (import fixtures, copied databases, import work
// folders, identity data) go under one folder of this run, removed when it ends, so runs leave
// nothing behind in /tmp. Workers and the processes tests start inherit TMPDIR, which os.tmpdir() reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'parcel-map-vitest-'));
  process.env.TMPDIR = scratch;
  return () => rmSync(scratch, { recursive: true, force: true });
}
