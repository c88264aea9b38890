import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startInProgress } from './localHandover.ts';
import { START_MARKER_FILE_NAME, writeStartMarker } from './startMarker.mjs';

describe("npm start's mark on the data directory", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-marker-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names the running start until it is removed', () => {
    const remove = writeStartMarker(dataDir);
    expect(startInProgress(dataDir)).toBe(process.pid);
    remove();
    expect(existsSync(path.join(dataDir, START_MARKER_FILE_NAME))).toBe(false);
    expect(startInProgress(dataDir)).toBeUndefined();
  });

  it('reads as no start when the process that wrote it is gone (npm start killed)', () => {
    writeFileSync(path.join(dataDir, START_MARKER_FILE_NAME), `${spawnSync('true').pid}\n`);
    expect(startInProgress(dataDir)).toBeUndefined();
  });

  it("does not remove another start's mark", () => {
    const remove = writeStartMarker(dataDir);
    const other = spawnSync('true').pid;
    writeFileSync(path.join(dataDir, START_MARKER_FILE_NAME), `${other}\n`);
    remove();
    expect(readFileSync(path.join(dataDir, START_MARKER_FILE_NAME), 'utf8').trim()).toBe(String(other));
  });
});
