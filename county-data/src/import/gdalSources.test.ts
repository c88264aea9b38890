// GDAL opens only the format a file claims (issue #39 point 1): a GDAL virtual source — reading a file
// outside the import, a URL, a slice of a file, a PostgreSQL database — in a file of every extension
// GDAL reads is refused, for parcels and overlays, and GDAL itself, were the first check passed by,
// opens it with the format's drivers only, so nothing is read, fetched or connected to.
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxedCommand } from './gdalSandbox.ts';
import { DEFAULT_IMPORT_FILE_LIMITS } from './importFileLimits.ts';
import { parseImportMapping } from './importMapping.ts';
import { prepareOverlay } from './importOverlay.ts';
import { validateImport } from './importParcels.ts';
import { parseOverlayMapping } from './overlayMapping.ts';
import { readAllFeatures, type GdalFormat } from './parcelSource.ts';
import { readWithGdal } from './readWithGdal.ts';
import { fixtureDir, zipFolder } from './testing/importFixtures.ts';

/** In the file outside the import folder: it must show in no feature. */
const SECRET = 'PRIVATE-SIGNING-KEY-39';

const parcelMapping = parseImportMapping({ dataset: { sourceName: 'attack', licence: 'none' }, fields: { PIN: 'PIN' } });
const overlayMapping = parseOverlayMapping({ overlay: { sourceName: 'attack', licence: 'none' } });

/** A TCP listener on loopback that keeps every connection made to it: HTTP and PostgreSQL alike. */
let listener: Server;
let connections: number;
let port: number;
let secretFile: string;

beforeAll(async () => {
  connections = 0;
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
  secretFile = path.join(await fixtureDir(), 'outside.csv');
  await writeFile(secretFile, `PIN,OWNER,WKT\nS-1,${SECRET},"POLYGON ((-80.86 35.62,-80.859 35.62,-80.859 35.621,-80.86 35.62))"\n`);
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));
afterEach(() => expect(connections).toBe(0));

/** A GDAL virtual source whose one layer is `source`'s `layer` (a file's name without its extension, a database's table). */
const virtualSource = (source: string, layer: string) =>
  `<OGRVRTDataSource><OGRVRTLayer name="parcels"><SrcDataSource>${source}</SrcDataSource><SrcLayer>${layer}</SrcLayer>` +
  '<GeometryField encoding="WKT" field="WKT"/></OGRVRTLayer></OGRVRTDataSource>';

const ATTACKS: Record<string, () => string> = {
  'a file outside the import': () => virtualSource(secretFile, 'outside'),
  'a URL (/vsicurl/)': () => virtualSource(`/vsicurl/http://127.0.0.1:${port}/parcels.csv`, 'parcels'),
  'a slice of a file (/vsisubfile/)': () => virtualSource(`/vsisubfile/0_4096,${secretFile}`, 'outside'),
  'a PostgreSQL database (PG:)': () => virtualSource(`PG:host=127.0.0.1 port=${port} dbname=test user=postgres`, 'saved_parcels'),
};

interface Carrier {
  /** Writes the attack as a file of this kind in `dir`; answers its path. */
  write: (dir: string, payload: string) => Promise<string>;
  /** Where the refusal says the attack is, and the format it names. */
  refusal: RegExp;
}

const plainFile = (name: string) => async (dir: string, payload: string) => {
  const file = path.join(dir, name);
  await writeFile(file, payload);
  return file;
};

/** A File Geodatabase folder whose catalog table is the attack. */
async function geodatabase(dir: string, payload: string): Promise<string> {
  const folder = path.join(dir, 'parcels.gdb');
  await mkdir(folder);
  await writeFile(path.join(folder, 'a00000001.gdbtable'), payload);
  return folder;
}

const held = 'but it holds a GDAL virtual source \\(<OGRVRTDataSource>\\)';

const CARRIERS: Record<string, Carrier> = {
  '.csv': { write: plainFile('parcels.csv'), refusal: new RegExp(`parcels\\.csv: named as a CSV file \\(\\.csv\\) ${held}`) },
  '.gpkg': { write: plainFile('parcels.gpkg'), refusal: new RegExp(`parcels\\.gpkg: named as a GeoPackage \\(\\.gpkg\\) ${held}`) },
  '.kml': { write: plainFile('parcels.kml'), refusal: new RegExp(`parcels\\.kml: named as a KML file \\(\\.kml\\) ${held}`) },
  '.topojson': { write: plainFile('parcels.topojson'), refusal: new RegExp(`parcels\\.topojson: named as a TopoJSON file \\(\\.topojson\\) ${held}`) },
  '.kmz': {
    write: async (dir, payload) => {
      const zip = new AdmZip();
      zip.addFile('doc.kml', Buffer.from(payload));
      const file = path.join(dir, 'parcels.kmz');
      zip.writeZip(file);
      return file;
    },
    refusal: new RegExp(`parcels\\.kmz: doc\\.kml: named as a KML file \\(\\.kml\\) ${held}`),
  },
  '.gdb folder': { write: geodatabase, refusal: new RegExp(`a00000001\\.gdbtable: named as a File Geodatabase \\(\\.gdb\\) ${held}`) },
  '.zip of a .gdb folder': {
    write: async (dir, payload) => {
      const file = path.join(dir, 'parcels-gdb.zip');
      await writeFile(file, zipFolder(await geodatabase(dir, payload)));
      return file;
    },
    refusal: new RegExp(`parcels-gdb\\.zip: parcels\\.gdb/a00000001\\.gdbtable: named as a File Geodatabase \\(\\.gdb\\) ${held}`),
  },
  '.geojson holding TopoJSON': {
    write: (dir, payload) => plainFile('parcels.geojson')(dir, JSON.stringify({ type: 'Topology', source: payload, objects: {}, arcs: [] })),
    refusal: new RegExp(`parcels\\.geojson: named as a TopoJSON file \\(\\.topojson\\) ${held}`),
  },
};

describe('a GDAL virtual source in a file GDAL reads', () => {
  for (const [attack, payload] of Object.entries(ATTACKS)) {
    for (const [kind, carrier] of Object.entries(CARRIERS)) {
      it(`refuses ${attack} as a ${kind}, for parcels and for overlays`, async () => {
        const file = await carrier.write(await fixtureDir(), payload());
        await expect(validateImport(null, { file, mapping: parcelMapping, dryRun: true, limits: DEFAULT_IMPORT_FILE_LIMITS })).rejects.toThrow(carrier.refusal);
        await expect(prepareOverlay({ file, name: 'attack', mapping: overlayMapping, limits: DEFAULT_IMPORT_FILE_LIMITS })).rejects.toThrow(carrier.refusal);
      });
    }
  }
});

/** What GDAL makes of the file, read past the first check: its features' text, or its error. */
async function gdalReads(file: string, format: GdalFormat): Promise<string> {
  try {
    return JSON.stringify(await readAllFeatures(await readWithGdal(file, format, undefined)));
  } catch (error) {
    return (error as Error).message;
  }
}

describe("GDAL, were the first check passed by, opens a file with its format's drivers only", () => {
  const FORMATS: [GdalFormat, string][] = [['csv', '.csv'], ['geopackage', '.gpkg'], ['kml', '.kml'], ['kmz', '.kmz'], ['topojson', '.topojson'], ['filegdb', '.gdb folder']];
  for (const [attack, payload] of Object.entries(ATTACKS)) {
    it(`reads nothing of ${attack}, fetches and connects to nothing, in every format`, async () => {
      for (const [format, kind] of FORMATS) {
        const read = await gdalReads(await CARRIERS[kind]!.write(await fixtureDir(), payload()), format);
        expect(read, kind).not.toContain(SECRET);
      }
    });
  }
});

describe("GDAL's environment", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("holds none of the server's secrets, and skips every driver but the format's and the output's", async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://app:secret@127.0.0.1/parcels');
    vi.stubEnv('PGPASSWORD', 'secret');
    vi.stubEnv('METRICS_TOKEN', 'secret-token');
    vi.stubEnv('HTTPS_PROXY', 'http://127.0.0.1:3128');
    const { env } = await sandboxedCommand('ogr2ogr', [], ['CSV']);
    expect(Object.values(env).join('\n')).not.toContain('secret');
    expect(Object.keys(env).filter((name) => /^(DATABASE_URL|PG|HTTPS?_PROXY|METRICS)/i.test(name))).toEqual([]);
    const skipped = env.GDAL_SKIP!.split(',');
    expect(skipped).toEqual(expect.arrayContaining(['OGR_VRT', 'PostgreSQL', 'PGDUMP', 'SQLite', 'GPKG', 'WFS', 'OAPIF', 'HTTP', 'ESRIJSON', 'GeoJSON']));
    expect(skipped).not.toContain('CSV');
    expect(skipped).not.toContain('GeoJSONSeq');
  });
});

describe("a mapping's crs", () => {
  const NAMING = ['/etc/passwd', '+proj=longlat +init=/etc/passwd:x', 'AUTO:42001'];

  it('is refused in a form that names a file or an address, in both mappings and where GDAL would get it', async () => {
    const file = await plainFile('parcels.csv')(await fixtureDir(), 'PIN,WKT\nA-1,"POINT (-80.86 35.62)"\n');
    for (const crs of [...NAMING, `http://127.0.0.1:${port}/crs.wkt`]) {
      expect(() => parseImportMapping({ ...parcelMapping, crs })).toThrow(/"crs" must be an EPSG or ESRI code/);
      expect(() => parseOverlayMapping({ overlay: { sourceName: 'a', licence: 'b' }, crs })).toThrow(/"crs" must be an EPSG or ESRI code/);
      await expect(readWithGdal(file, 'csv', crs)).rejects.toThrow(/the mapping's "crs" must be an EPSG or ESRI code/);
    }
  });

  it('is accepted as a code, WKT or a +proj string', () => {
    for (const crs of ['EPSG:2264', 'urn:ogc:def:crs:EPSG::2249', 'ESRI:102719', 'CRS84', 'PROJCS["NAD83 / North Carolina (ftUS)",GEOGCS["NAD83"]]', '+proj=longlat +datum=WGS84 +no_defs']) {
      expect(parseImportMapping({ ...parcelMapping, crs }).crs).toBe(crs);
    }
  });
});
