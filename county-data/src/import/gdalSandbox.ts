// How GDAL's tools run on a file someone else wrote: GDAL opens a file with whichever of
// its ~80 drivers recognises the content, whatever the name says — an `<OGRVRTDataSource>` named
// .csv reads any file the server can read, a URL or a PostgreSQL database. So each run may use the
// drivers its format needs and no other (every other installed one in GDAL_SKIP), sees none of the
// server's environment (no DATABASE_URL, PG*, tokens, proxies), has network access of GDAL's own
// turned off, and on Linux runs in a network namespace of its own when the platform lets an
// unprivileged process make one (`unshare --net`), so it reaches no address at all.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A GDAL driver's short name, as `ogrinfo --formats` (vector) or `gdalinfo --formats` (raster) lists it.
 * VRT only ever opens the mosaic imagery/imageryMosaic.ts writes of tiles it checked, never a user's file.
 */
export type GdalDriver = 'GPKG' | 'OpenFileGDB' | 'LIBKML' | 'KML' | 'TopoJSON' | 'CSV' | 'GeoJSONSeq' | 'GTiff' | 'COG' | 'JPEG' | 'JP2OpenJPEG' | 'PNG' | 'VRT';

/** What ogr2ogr writes (`-f GeoJSONSeq`): never skipped. */
const OUTPUT_DRIVER: GdalDriver = 'GeoJSONSeq';

/** The variables GDAL needs from the server's environment: where its tools and data are, the locale. */
const PASSED_THROUGH = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR', 'GDAL_DATA', 'PROJ_DATA', 'PROJ_LIB'];

/**
 * GDAL's own switches against reaching out: /vsicurl/ (and the cloud file systems built on it) opens
 * only URLs ending in this extension, which no file has; PROJ fetches no grid; SQLite (a GeoPackage)
 * reads no other dataset through a VirtualOGR table; no gdalrc file adds options of its own.
 */
const CONFIG = {
  CPL_VSIL_CURL_ALLOWED_EXTENSIONS: '.parcel-map-allows-no-url',
  PROJ_NETWORK: 'OFF',
  ALLOW_VIRTUAL_OGR_FROM_TRIGGER_AND_VIEW: 'NO',
  OGR_SQLITE_ALLOW_EXTERNAL_ACCESS: 'NO',
  GDAL_CONFIG_FILE: '/dev/null',
  // No .aux.xml beside what GDAL reads or writes: an imagery version is the files the import names, nothing else.
  GDAL_PAM_ENABLED: 'NO',
};

export interface SandboxedCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** `tool ARGS` as it is spawned: opening its input with `drivers` only, in the environment above. */
export async function sandboxedCommand(tool: string, args: string[], drivers: readonly GdalDriver[]): Promise<SandboxedCommand> {
  const base = gdalEnvironment();
  const installed = await installedDrivers(base);
  // Without GDAL there is nothing to skip: the spawn itself fails, and says which package to install.
  if (installed === undefined) return { file: tool, args, env: base };
  const allowed = new Set<string>([...drivers, OUTPUT_DRIVER]);
  const env = { ...base, GDAL_SKIP: installed.filter((driver) => !allowed.has(driver)).join(',') };
  return (await networkNamespaceWorks()) ? { file: 'unshare', args: [...UNSHARE_NET, tool, ...args], env } : { file: tool, args, env };
}

function gdalEnvironment(): NodeJS.ProcessEnv {
  // Read at each run, not at start-up: PATH decides whether GDAL is there.
  const passed = PASSED_THROUGH.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]);
  return { ...Object.fromEntries(passed), ...CONFIG };
}

let drivers: Promise<string[]> | undefined;

/**
 * Every driver this GDAL has, vector and raster (asked once: `ogrinfo --formats`, `gdalinfo --formats`),
 * undefined when GDAL is not installed. A failed answer is not kept, so GDAL installed later is found.
 */
async function installedDrivers(env: NodeJS.ProcessEnv): Promise<string[] | undefined> {
  drivers ??= Promise.all(['ogrinfo', 'gdalinfo'].map((tool) => run(tool, ['--formats'], { env }))).then((answers) => [
    ...new Set(answers.flatMap(({ stdout }) => driverNames(stdout))),
  ]);
  try {
    return await drivers;
  } catch (error) {
    drivers = undefined;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** `  ESRI Shapefile -vector- (rw+v): ESRI Shapefile` → `ESRI Shapefile`; no name at all is refused rather than skipping nothing. */
function driverNames(formats: string): string[] {
  const names = [...formats.matchAll(/^ {2}(\S.*?) -[a-z, ]+- \(/gm)].map((match) => match[1]!);
  if (names.length === 0) throw new Error(`cannot tell GDAL's drivers from \`ogrinfo --formats\`: ${formats.slice(0, 200)}`);
  return names;
}

/** A user namespace in which the tool is root over the caller's own files only, and a network namespace with no interface up. */
const UNSHARE_NET = ['--net', '--map-root-user', '--'];

let namespace: Promise<boolean> | undefined;

/** Whether `unshare --net` works here (Linux with unprivileged user namespaces; not in most containers), asked once. */
function networkNamespaceWorks(): Promise<boolean> {
  namespace ??=
    process.platform !== 'linux'
      ? Promise.resolve(false)
      : run('unshare', [...UNSHARE_NET, 'true']).then(
          () => true,
          () => false,
        );
  return namespace;
}
