// What two fixes of the API's hot path do to V8's internal state, read with V8's natives in node
// processes of their own: tickObjectShape.ts (process.nextTick's sites stay monomorphic through full
// garbage collections) and expressPrototypes.ts (requests and responses stay fast and their
// constructors optimized). A row fails when a fix stops working — after a Node.js or Express upgrade,
// say; the tests beside each module check only what it does, not what V8 makes of it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, type BenchRow } from './lib/report.ts';

const SECTION = 'v8';

/** The fixture's stdout lines. A file, not a pipe: V8 prints through C's buffered stdout, whose last block was lost at exit on a pipe. */
async function fixtureLines(fixture: string, nodeFlags: string[], args: string[]): Promise<string[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'v8-states-'));
  const output = path.join(scratch, 'stdout.txt');
  const fd = openSync(output, 'w');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '--allow-natives-syntax', ...nodeFlags, new URL(fixture, import.meta.url).pathname, ...args], { stdio: ['ignore', fd, 'inherit'] });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`${fixture} exited with ${code}`);
    return readFileSync(output, 'utf8').split('\n');
  } finally {
    closeSync(fd);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const lineAfter = (lines: string[], prefix: string) => lines.find((line) => line.startsWith(prefix))?.slice(prefix.length);

/** The states of nextTick's property definitions after the fixture's collections, and its SAME_SHAPE line. */
async function tickFeedback(mode: 'keep' | 'none') {
  const lines = await fixtureLines('./tickObjectShape.fixture.ts', ['--expose-gc'], [mode]);
  return {
    definitions: lines.flatMap((line) => /DefineKeyedOwnPropertyInLiteral (\w+)/.exec(line)?.[1] ?? []),
    sameShape: lineAfter(lines, 'SAME_SHAPE '),
  };
}

export async function benchTickObjectShape(): Promise<BenchRow[]> {
  // Without the kept object the definitions go megamorphic: if this stops holding, V8 no longer drops
  // the classes and the kept object can go.
  const without = await tickFeedback('none');
  const kept = await tickFeedback('keep');
  // One per key of nextTick's object: the two ids, callback and args.
  const monomorphic = kept.definitions.length === 4 && kept.definitions.every((state) => state === 'MONOMORPHIC');
  return [
    check(SECTION, "nextTick megamorphic without keepTickObjectShape (the API's start-up reproduced)", without.definitions.includes('MEGAMORPHIC'), without.definitions.join(', ')),
    check(SECTION, 'nextTick monomorphic, one hidden class, with keepTickObjectShape', monomorphic && kept.sameShape === 'true', `${kept.definitions.join(', ')}; same shape: ${kept.sameShape}`),
  ];
}

export async function benchExpressPrototypes(): Promise<BenchRow[]> {
  // With `class AppRequest extends IncomingMessage` called as a constructor, V8 threw away every optimized
  // build (StableMapDependency) and retried without end; with a plain function calling node's on its own
  // instance, every response was in dictionary mode. V8's own trace, %HasFastProperties and %HaveSameMap tell.
  const traced = await fixtureLines('./expressPrototypes.fixture.ts', ['--trace-opt'], ['4000']);
  const optimizing = (outcome: string) =>
    traced.filter((line) => line.startsWith(`[${outcome} optimizing`) && /<JSFunction (createRequest|createResponse|parserOnHeadersComplete|parserOnIncoming) /.test(line));
  const aborted = optimizing('aborted').length;
  const responseOptimized = optimizing('completed').some((line) => line.includes('<JSFunction createResponse '));
  const slow = lineAfter(traced, 'DICTIONARY_MODE ');
  const newShapes = lineAfter(traced, 'NEW_SHAPES ');
  // Sized by the first requests' responses, a full collection between them left V8 room for no field,
  // and every later response was born in dictionary mode (one API start in five or six).
  const collectedEarly = lineAfter(await fixtureLines('./expressPrototypes.fixture.ts', ['--expose-gc'], ['400', 'collect-early']), 'DICTIONARY_MODE ');
  const fast = '{"requests":0,"responses":0}';
  return [
    check(SECTION, 'request and response constructors optimized, none aborted', aborted === 0 && responseOptimized, `${aborted} aborted; createResponse optimized: ${responseOptimized}`),
    check(SECTION, 'requests and responses in fast mode, one hidden class', slow === fast && newShapes === '0', `dictionary mode: ${slow}; new shapes: ${newShapes}`),
    check(SECTION, 'responses in fast mode after a full collection between the first requests', collectedEarly === fast, `dictionary mode: ${collectedEarly}`),
  ];
}
