// GDAL's command-line tools (Debian package gdal-bin) as the importers use them: ogrinfo's text
// answer, ogr2ogr's output as a stream of GeoJSON features (GeoJSONSeq, one per line), and the raster
// tools' (gdalinfo, gdal_translate) answers for imagery. Each run
// may open its input with the drivers it names and no other, in an environment that holds none of
// the server's secrets and, where the platform allows, no network (gdalSandbox.ts).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Feature } from 'geojson';
import { sandboxedCommand, type GdalDriver } from './gdalSandbox.ts';

/** The package that brings ogr2ogr and ogrinfo, named in the message when they are missing. */
export const GDAL_PACKAGE = 'gdal-bin';

/** The tools named when GDAL is missing: the vector importer's, or the raster ones imagery needs. */
const VECTOR_TOOLS = ['ogr2ogr', 'ogrinfo'];

export class GdalMissingError extends Error {
  constructor(purpose: string, tools: readonly string[] = VECTOR_TOOLS) {
    super(`${purpose} needs GDAL's ${tools.join(' and ')}, which are not installed here: install the package ${GDAL_PACKAGE} (apt-get install ${GDAL_PACKAGE})`);
  }
}

/** Keeps the end of what a tool wrote on stderr: the last lines name the problem. */
const STDERR_KEPT = 4000;

/**
 * `ogrinfo ARGS`'s standard output, opening the input with `drivers` only. `purpose` says what needed
 * GDAL, for the message when it is missing.
 */
export async function ogrinfo(args: string[], drivers: readonly GdalDriver[], purpose: string): Promise<string> {
  return gdalToolOutput('ogrinfo', args, drivers, purpose);
}

/**
 * `tool ARGS`'s standard output (gdalinfo's, gdal_translate's, gdaltransform's), opening the input
 * with `drivers` only; `input`, if given, is its standard input.
 */
export async function gdalToolOutput(tool: string, args: string[], drivers: readonly GdalDriver[], purpose: string, input?: string): Promise<string> {
  const child = await spawnTool(tool, args, drivers, input === undefined ? 'ignore' : 'pipe');
  // A failure shows in the exit code; here it would only be the broken pipe it causes.
  child.stdin?.on('error', () => undefined).end(input);
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  await finished(child, tool, purpose, keepStderr(child));
  return stdout;
}

/**
 * ogr2ogr's features, read as it writes them: `ogr2ogr -f GeoJSONSeq /vsistdout/ ARGS`, opening the
 * input with `drivers` only. With `input`, those lines are its standard input (`GeoJSONSeq:/vsistdin/`
 * as the source in ARGS).
 */
export async function* ogr2ogrFeatures(args: string[], drivers: readonly GdalDriver[], purpose: string, input?: Iterable<string>): AsyncGenerator<Feature> {
  const child = await spawnTool('ogr2ogr', ['-f', 'GeoJSONSeq', '/vsistdout/', ...args], drivers, input ? 'pipe' : 'ignore');
  const stderr = keepStderr(child);
  const exited = finished(child, 'ogr2ogr', purpose, stderr);
  // Awaited once the output ends; until then a failure must not count as unhandled.
  exited.catch(() => undefined);
  // A failure shows in `exited`; here it would only be the broken pipe it causes.
  if (input && child.stdin) pipeline(Readable.from(linesOf(input)), child.stdin).catch(() => undefined);
  try {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
      if (line.trim() !== '') yield JSON.parse(line) as Feature;
    }
    await exited;
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

type Tool = ChildProcessByStdio<Writable | null, Readable, Readable>;

async function spawnTool(tool: string, args: string[], drivers: readonly GdalDriver[], stdin: 'pipe' | 'ignore'): Promise<Tool> {
  const command = await sandboxedCommand(tool, args, drivers);
  return spawn(command.file, command.args, { env: command.env, stdio: [stdin, 'pipe', 'pipe'] }) as Tool;
}

function* linesOf(input: Iterable<string>): Generator<string> {
  for (const line of input) yield `${line}\n`;
}

function keepStderr(child: Tool): { text: string } {
  const kept = { text: '' };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (kept.text = (kept.text + chunk).slice(-STDERR_KEPT)));
  return kept;
}

function finished(child: Tool, tool: string, purpose: string, stderr: { text: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new GdalMissingError(purpose, VECTOR_TOOLS.includes(tool) ? VECTOR_TOOLS : [tool]) : error));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${purpose}: ${tool} failed (${signal ?? `exit code ${code}`}): ${errorLines(stderr.text)}`));
    });
  });
}

/** GDAL's ERROR messages (its warnings are noise here; a message may wrap), else the last thing it wrote. */
function errorLines(stderr: string): string {
  const messages = stderr.split(/\n(?=ERROR|Warning)/).map((message) => message.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const errors = messages.filter((message) => message.startsWith('ERROR'));
  return (errors.length > 0 ? errors.join(' ') : messages.at(-1)) ?? 'no message';
}
