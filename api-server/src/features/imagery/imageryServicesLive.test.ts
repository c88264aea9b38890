// Imagery services against a real tile server on this machine: a second HTTP server on another port
// stands in for a county's, serving generated PNG tiles as XYZ and as WMS GetMap. Added through the
// API, each service's template in its base style — filled as mapbox-gl fills it — fetches that
// server's real tile bytes; once the server is down, the same tile fetch fails, and a WMTS service on
// it is refused with the reason.
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';

const EARTH_CIRCUMFERENCE_M = 2 * Math.PI * 6378137;
/** A z14 tile over Cambridge, MA, inside the services' bounds. */
const TILE = { z: 14, x: 4954, y: 6057 };
const BOUNDS = [-71.2, 42.3, -71.0, 42.5];

/** A 256 × 256 PNG of one colour: enough to tell one tile from another. */
function solidPng([r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 256 }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** A tile's colour: its x and y, so the bytes say which tile they are. */
const colourOf = (x: number, y: number): [number, number, number] => [x % 256, y % 256, 200];

/** A tile's extent in web mercator metres as mapbox-gl writes `{bbox-epsg-3857}` (its getTileBBox). */
function tileBbox3857(z: number, x: number, y: number): string {
  const flippedY = 2 ** z - y - 1;
  const resolution = EARTH_CIRCUMFERENCE_M / 256 / 2 ** z;
  const merc = (px: number) => px * resolution - EARTH_CIRCUMFERENCE_M / 2;
  return [merc(x * 256), merc(flippedY * 256), merc((x + 1) * 256), merc((flippedY + 1) * 256)].join(',');
}

/** The tile at a web mercator bbox, as a WMS server must find it. */
function tileOfBbox(bbox: string): { z: number; x: number; y: number } | undefined {
  const [minX, minY, maxX, maxY] = bbox.split(',').map(Number) as [number, number, number, number];
  const z = Math.round(Math.log2(EARTH_CIRCUMFERENCE_M / (maxX - minX)));
  const x = Math.round((minX + EARTH_CIRCUMFERENCE_M / 2) / (maxX - minX));
  const y = 2 ** z - 1 - Math.round((minY + EARTH_CIRCUMFERENCE_M / 2) / (maxY - minY));
  return tileBbox3857(z, x, y) === [minX, minY, maxX, maxY].join(',') ? { z, x, y } : undefined;
}

/** A URL template filled for one tile, as mapbox-gl fills a raster source's. */
const fill = (template: string, { z, x, y }: typeof TILE) =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{bbox-epsg-3857}', tileBbox3857(z, x, y));

describe('imagery services served by another server on this machine', () => {
  let app: TestApp;
  let admin: string;
  let county: ListeningServer;
  const asked: string[] = [];
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
    county = await listenOnLoopback((req, res) => {
      const url = new URL(req.url ?? '/', 'http://county');
      asked.push(url.pathname + url.search);
      const xyz = /^\/ortho\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
      const query = (name: string) => [...url.searchParams].find(([key]) => key.toLowerCase() === name)?.[1];
      const tile = xyz ? { z: Number(xyz[1]), x: Number(xyz[2]), y: Number(xyz[3]) } : url.pathname === '/wms' && query('request') === 'GetMap' ? tileOfBbox(query('bbox') ?? '') : undefined;
      if (!tile) res.writeHead(404).end();
      else res.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' }).end(solidPng(colourOf(tile.x, tile.y)));
    });
  });
  afterAll(async () => {
    await county.close().catch(() => {});
    await app.close();
  });

  const add = async (kind: string, url: string, label: string) => {
    const response = await app.request('/api/admin/imagery-services', { method: 'POST', token: admin, body: { kind, url, label, attribution: 'County GIS', bounds: BOUNDS } });
    expect(response.status).toBe(201);
    const name = (response.json as { name: string }).name;
    const styleResponse = await app.request(`/styles/imagery-${name}.json`);
    expect({ status: styleResponse.status, body: styleResponse.body.toString() }).toMatchObject({ status: 200 });
    const style = styleResponse.json as { sources: { imagery: { tiles: string[] } } };
    return style.sources.imagery.tiles[0]!;
  };

  it('fetches real tiles from the server through the XYZ and WMS templates the map is given, and nothing once it is down', async () => {
    const xyzTemplate = await add('xyz', `${county.baseUrl}/ortho/{z}/{x}/{y}.png`, 'County XYZ');
    const wmsTemplate = await add('wms', `${county.baseUrl}/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=ortho&STYLES=&FORMAT=image/png&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX={bbox-epsg-3857}`, 'County WMS');
    const expected = solidPng(colourOf(TILE.x, TILE.y));
    for (const template of [xyzTemplate, wmsTemplate]) {
      const response = await fetch(fill(template, TILE));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
    }
    // The WMS server was asked for exactly that tile's extent.
    expect(asked).toContainEqual(expect.stringContaining(`BBOX=${tileBbox3857(TILE.z, TILE.x, TILE.y)}`));
    // A neighbouring tile is other bytes: the template's placeholders reach the server.
    const neighbour = await fetch(fill(wmsTemplate, { ...TILE, x: TILE.x + 1 }));
    expect(Buffer.from(await neighbour.arrayBuffer()).equals(solidPng(colourOf(TILE.x + 1, TILE.y)))).toBe(true);

    const wmtsUrl = `${county.baseUrl}/WMTSCapabilities.xml`;
    await county.close();
    for (const template of [xyzTemplate, wmsTemplate]) await expect(fetch(fill(template, TILE))).rejects.toThrow();
    // The services stay listed (the map says they are not answering); a WMTS one on the dead server is refused.
    const refused = await app.request('/api/admin/imagery-services', { method: 'POST', token: admin, body: { kind: 'wmts', url: wmtsUrl, label: 'County WMTS', bounds: BOUNDS } });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ message: 'The WMTS capabilities could not be read: the service could not be reached' });
    expect(((await app.request('/api/imagery')).json as { imagery: { name: string }[] }).imagery.map(({ name }) => name)).toEqual(['county-xyz', 'county-wms']);
  });
});
