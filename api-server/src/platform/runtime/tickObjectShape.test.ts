import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const fixture = new URL('./tickObjectShape.fixture.ts', import.meta.url).pathname;

/** The states of nextTick's property definitions after the fixture's collections, and its SAME_SHAPE line. */
async function tickFeedback(mode: 'keep' | 'none'): Promise<{ definitions: string[]; sameShape: string | undefined }> {
  // A file, not a pipe: V8 prints through C's buffered stdout, whose last block was lost at exit on a pipe.
  const scratch = mkdtempSync(path.join(tmpdir(), 'tick-shape-'));
  const output = path.join(scratch, 'stdout.txt');
  const fd = openSync(output, 'w');
  let lines: string[];
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '--allow-natives-syntax', '--expose-gc', fixture, mode], { stdio: ['ignore', fd, 'inherit'] });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    lines = readFileSync(output, 'utf8').split('\n');
  } finally {
    closeSync(fd);
    rmSync(scratch, { recursive: true, force: true });
  }
  return {
    definitions: lines.flatMap((line) => /DefineKeyedOwnPropertyInLiteral (\w+)/.exec(line)?.[1] ?? []),
    sameShape: lines.find((line) => line.startsWith('SAME_SHAPE '))?.slice('SAME_SHAPE '.length),
  };
}

describe('keepTickObjectShape', () => {
  // Without it, nextTick's definitions go megamorphic: if this stops holding, V8 no longer drops the
  // classes and the kept object can go.
  it("reproduces what the API's start-up did to nextTick without it", async () => {
    const { definitions } = await tickFeedback('none');
    expect(definitions).toContain('MEGAMORPHIC');
  });

  it('keeps every tick object in one hidden class through full garbage collections', async () => {
    const { definitions, sameShape } = await tickFeedback('keep');
    // One per key of nextTick's object: the two ids, callback and args.
    expect(definitions).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
    expect(sameShape).toBe('true');
  });
});
