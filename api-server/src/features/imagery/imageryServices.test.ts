// /api/admin/imagery-services: an administrator adds an XYZ, WMS, ArcGIS or WMTS service (its
// capabilities read from a real server on this machine), the map's GET /api/imagery and the imagery
// style list it with a template it can use as is, refusals say why, and removal takes it away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageryAnswerSchema, imageryServicesAnswerSchema, type ImageryServiceBody } from '@parcel-map/shared/contracts';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/testApp.ts';
import { ADMINS_ONLY_MESSAGE } from '../../platform/auth/adminAccess.ts';
import { SERVICE_URL_MESSAGES } from './imageryServices.ts';

const BOUNDS: [number, number, number, number] = [-71.16, 42.35, -71.06, 42.41];

/** A WMTS capabilities document offering `layer` in the matrix sets given (identifier, CRS, matrix ids). */
function capabilities(options: { sets: { id: string; crs: string; matrices: string[] }[]; resourceUrl?: string; getTileHref?: string }): string {
  const sets = options.sets
    .map(({ id, crs, matrices }) => `<TileMatrixSet><ows:Identifier>${id}</ows:Identifier><ows:SupportedCRS>${crs}</ows:SupportedCRS>${matrices.map((matrix) => `<TileMatrix><ows:Identifier>${matrix}</ows:Identifier></TileMatrix>`).join('')}</TileMatrixSet>`)
    .join('');
  const links = options.sets.map(({ id }) => `<TileMatrixSetLink><TileMatrixSet>${id}</TileMatrixSet></TileMatrixSetLink>`).join('');
  const operations = options.getTileHref
    ? `<ows:OperationsMetadata><ows:Operation name="GetTile"><ows:DCP><ows:HTTP><ows:Get xlink:href="${options.getTileHref}"/></ows:HTTP></ows:DCP></ows:Operation></ows:OperationsMetadata>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- a county's orthophotos -->
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
  ${operations}
  <Contents>
    <Layer>
      <ows:Title>Orthophoto &amp; more</ows:Title>
      <ows:Identifier>ortho_2024</ows:Identifier>
      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
      <Format>image/jpeg</Format>
      ${links}
      ${options.resourceUrl ? `<ResourceURL format="image/jpeg" resourceType="tile" template="${options.resourceUrl}"/>` : ''}
    </Layer>
    ${sets}
  </Contents>
</Capabilities>`;
}

const zooms = (prefix: string, count: number) => Array.from({ length: count }, (_unused, zoom) => `${prefix}${zoom}`);

describe('/api/admin/imagery-services', () => {
  let app: TestApp;
  let admin: string;
  let user: string;
  let county: ListeningServer;
  const documents = new Map<string, string>();
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.identity.sign('user-admin', { email: TEST_ADMIN_EMAIL });
    user = await app.identity.sign('user-plain', { email: 'someone@example.com' });
    // The county's WMTS: each capabilities document the tests set, at its path.
    county = await listenOnLoopback((req, res) => {
      const document = documents.get(req.url ?? '');
      if (document === undefined) res.writeHead(404).end('not here');
      else res.writeHead(200, { 'Content-Type': 'application/xml' }).end(document);
    });
  });
  afterAll(async () => {
    await county.close();
    await app.close();
  });

  const add = (body: Partial<ImageryServiceBody> & Record<string, unknown>, token = admin) =>
    app.request('/api/admin/imagery-services', { method: 'POST', token, body: { bounds: BOUNDS, attribution: 'County GIS', ...body } });
  const mapImagery = async () => imageryAnswerSchema.parse((await app.request('/api/imagery')).json).imagery;

  it('answers 401 without a session and 403 to a user who is not an administrator', async () => {
    expect((await app.request('/api/admin/imagery-services')).status).toBe(401);
    for (const [method, route] of [['GET', '/api/admin/imagery-services'], ['POST', '/api/admin/imagery-services'], ['DELETE', '/api/admin/imagery-services/any']]) {
      const refused = await app.request(route!, { method, token: user, body: {} });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ message: ADMINS_ONLY_MESSAGE });
    }
  });

  it('adds XYZ, WMS and ArcGIS services that the map lists as imagery with their templates, and removes them', async () => {
    const xyz = await add({ kind: 'xyz', url: 'https://tiles.county.example/ortho/{z}/{x}/{y}.png', label: 'County Ortho 2024', year: 2024 });
    expect(xyz.status).toBe(201);
    expect(xyz.json).toMatchObject({ name: 'county-ortho-2024', tiles: 'https://tiles.county.example/ortho/{z}/{x}/{y}.png', minzoom: 0, maxzoom: 19, year: 2024 });
    const wmsUrl = 'http://wms.county.example/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=ortho&STYLES=&FORMAT=image/png&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX={bbox-epsg-3857}';
    expect((await add({ kind: 'wms', url: wmsUrl, label: 'County WMS', maxzoom: 21 })).status).toBe(201);
    // The service's own address is enough for ArcGIS: its tiles are under /tile.
    const arcgis = await add({ kind: 'arcgis', url: 'https://gis.county.example/arcgis/rest/services/Ortho/ImageServer', label: 'Ortho (ArcGIS)', minzoom: 8, year: 2019 });
    expect(arcgis.json).toMatchObject({ name: 'ortho-arcgis', tiles: 'https://gis.county.example/arcgis/rest/services/Ortho/ImageServer/tile/{z}/{y}/{x}' });

    // The oldest photos first (a service without a year counts as taken the year it was added), the newest last.
    expect(await mapImagery()).toEqual([
      { name: 'ortho-arcgis', source: 'service', label: 'Ortho (ArcGIS)', bbox: BOUNDS, minzoom: 8, maxzoom: 19, tiles: 'https://gis.county.example/arcgis/rest/services/Ortho/ImageServer/tile/{z}/{y}/{x}', attribution: 'County GIS', version: 1, year: 2019 },
      { name: 'county-ortho-2024', source: 'service', label: 'County Ortho 2024', bbox: BOUNDS, minzoom: 0, maxzoom: 19, tiles: 'https://tiles.county.example/ortho/{z}/{x}/{y}.png', attribution: 'County GIS', version: 1, year: 2024 },
      { name: 'county-wms', source: 'service', label: 'County WMS', bbox: BOUNDS, minzoom: 0, maxzoom: 21, tiles: wmsUrl, attribution: 'County GIS', version: 1, year: null },
    ]);
    // Its base style fetches the service's tiles where they are, not from the API.
    const style = (await app.request('/styles/imagery-county-wms.json')).json as { name: string; sources: { imagery: { tiles: string[]; bounds: number[] } } };
    expect(style.name).toBe('Satellite imagery: County WMS');
    expect(style.sources.imagery).toMatchObject({ tiles: [wmsUrl], bounds: BOUNDS, maxzoom: 21 });
    expect(imageryServicesAnswerSchema.parse((await app.request('/api/admin/imagery-services', { token: admin })).json).services.map((service) => `${service.kind} ${service.name}`))
      .toEqual(['xyz county-ortho-2024', 'wms county-wms', 'arcgis ortho-arcgis']);

    expect((await app.request('/api/admin/imagery-services/county-wms', { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await mapImagery()).map((layer) => layer.name)).toEqual(['ortho-arcgis', 'county-ortho-2024']);
    expect((await app.request('/styles/imagery-county-wms.json')).status).toBe(404);
    const again = await app.request('/api/admin/imagery-services/county-wms', { method: 'DELETE', token: admin });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: "There is no imagery service named 'county-wms'" });
    for (const name of ['county-ortho-2024', 'ortho-arcgis']) await app.request(`/api/admin/imagery-services/${name}`, { method: 'DELETE', token: admin });
    expect(await mapImagery()).toEqual([]);
  });

  it('derives a WMTS service\'s GoogleMapsCompatible tile template from its capabilities, read once when it is added', async () => {
    documents.set('/rest/WMTSCapabilities.xml', capabilities({
      sets: [
        { id: 'StatePlane', crs: 'urn:ogc:def:crs:EPSG::2249', matrices: zooms('', 10) },
        { id: 'GoogleMapsCompatible', crs: 'urn:ogc:def:crs:EPSG::3857', matrices: zooms('', 19) },
      ],
      resourceUrl: '/wmts/{Layer}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.jpg',
    }));
    const rest = await add({ kind: 'wmts', url: `${county.baseUrl}/rest/WMTSCapabilities.xml`, label: 'WMTS rest' });
    expect(rest.status).toBe(201);
    expect(rest.json).toMatchObject({ tiles: `${county.baseUrl}/wmts/ortho_2024/default/GoogleMapsCompatible/{z}/{y}/{x}.jpg`, minzoom: 0, maxzoom: 18 });

    // KVP only, a GeoServer-style matrix set whose matrices are named EPSG:900913:<zoom>.
    documents.set('/kvp?request=GetCapabilities', capabilities({
      sets: [{ id: 'EPSG:900913', crs: 'EPSG:900913', matrices: zooms('EPSG:900913:', 15) }],
      getTileHref: `${county.baseUrl}/gwc/service/wmts?`,
    }));
    const kvp = await add({ kind: 'wmts', url: `${county.baseUrl}/kvp?request=GetCapabilities`, label: 'WMTS kvp', maxzoom: 12 });
    expect(kvp.status).toBe(201);
    expect(kvp.json).toMatchObject({
      tiles: `${county.baseUrl}/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=ortho_2024&STYLE=default&FORMAT=image%2Fjpeg&TILEMATRIXSET=EPSG%3A900913&TILEMATRIX=EPSG%3A900913%3A{z}&TILEROW={y}&TILECOL={x}`,
      minzoom: 0,
      maxzoom: 12,
    });
    // A layer named: that one's template; one the capabilities lack is refused, naming those offered.
    documents.set('/two-layers.xml', capabilities({ sets: [{ id: 'GoogleMapsCompatible', crs: 'urn:ogc:def:crs:EPSG::3857', matrices: zooms('', 20) }], resourceUrl: '/wmts/{Layer}/{TileMatrix}/{TileRow}/{TileCol}.jpg' }).replace('</Contents>', '<Layer><ows:Identifier>ortho_2020</ows:Identifier><TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible</TileMatrixSet></TileMatrixSetLink><ResourceURL resourceType="tile" template="/wmts/{Layer}/{TileMatrix}/{TileRow}/{TileCol}.png"/></Layer></Contents>'));
    const named = await add({ kind: 'wmts', url: `${county.baseUrl}/two-layers.xml`, label: 'WMTS 2020', layer: 'ortho_2020' });
    expect(named.json).toMatchObject({ tiles: `${county.baseUrl}/wmts/ortho_2020/{z}/{y}/{x}.png`, maxzoom: 19 });
    const missing = await add({ kind: 'wmts', url: `${county.baseUrl}/two-layers.xml`, label: 'WMTS 2018', layer: 'ortho_2018' });
    expect({ status: missing.status, body: missing.json }).toEqual({ status: 400, body: { message: "The WMTS capabilities have no layer 'ortho_2018'; they offer 'ortho_2024', 'ortho_2020'" } });
    const notWmts = await add({ kind: 'xyz', url: 'https://tiles.example/{z}/{x}/{y}.png', label: 'XYZ with a layer', layer: 'ortho' });
    expect({ status: notWmts.status, body: notWmts.json }).toEqual({ status: 400, body: { message: 'Only a WMTS service is given a layer: the other kinds name it in their URL' } });

    // Removed from the county's server now: the map's template was kept, the service not asked again.
    documents.clear();
    expect((await mapImagery()).find((layer) => layer.name === 'wmts-rest')?.tiles).toBe(`${county.baseUrl}/wmts/ortho_2024/default/GoogleMapsCompatible/{z}/{y}/{x}.jpg`);
    for (const name of ['wmts-rest', 'wmts-kvp', 'wmts-2020']) await app.request(`/api/admin/imagery-services/${name}`, { method: 'DELETE', token: admin });
  });

  it('refuses a WMTS service without the web map\'s tiling, one that is not WMTS, and one that does not answer, saying why', async () => {
    documents.set('/stateplane.xml', capabilities({ sets: [{ id: 'StatePlane', crs: 'urn:ogc:def:crs:EPSG::2249', matrices: zooms('', 10) }], resourceUrl: '/t/{TileMatrix}/{TileRow}/{TileCol}.png' }));
    documents.set('/exception.xml', '<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1"><ows:Exception><ows:ExceptionText>Unknown layer</ows:ExceptionText></ows:Exception></ows:ExceptionReport>');
    documents.set('/broken.xml', '<Capabilities><Contents></Capabilities>');
    const down = await listenOnLoopback((_req, res) => res.end());
    const downUrl = `${down.baseUrl}/WMTSCapabilities.xml`;
    await down.close();
    const refusals: [string, string][] = [
      ['/stateplane.xml', 'The WMTS capabilities offer no layer in the GoogleMapsCompatible (EPSG:3857) tiling the map uses'],
      ['/exception.xml', 'The WMTS service answered an exception: Unknown layer'],
      ['/broken.xml', 'The WMTS capabilities are not well-formed XML'],
      ['/missing.xml', 'The WMTS capabilities could not be read: the service answered HTTP 404'],
      [downUrl, 'The WMTS capabilities could not be read: the service could not be reached'],
    ];
    for (const [path, message] of refusals) {
      const refused = await add({ kind: 'wmts', url: path.startsWith('http') ? path : `${county.baseUrl}${path}`, label: 'County WMTS' });
      expect({ path, status: refused.status, body: refused.json }).toEqual({ path, status: 400, body: { message } });
    }
    expect(await mapImagery()).toEqual([]);
  });

  it('refuses URLs that are not of their kind, bad bounds and zooms, and a label taken, with the reason', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ kind: 'xyz', url: 'ftp://tiles.example/{z}/{x}/{y}.png' }, 400, 'A service URL starts with https:// or http://'],
      [{ kind: 'xyz', url: 'not a url {z}' }, 400, "'not a url {z}' is not a URL"],
      [{ kind: 'xyz', url: 'https://user:secret@tiles.example/{z}/{x}/{y}.png' }, 400, 'A service URL carries no user name or password: the browser fetches it and would show them'],
      [{ kind: 'xyz', url: 'https://tiles.example/{z}/{x}.png' }, 400, SERVICE_URL_MESSAGES.xyz],
      [{ kind: 'wms', url: 'https://wms.example/wms?REQUEST=GetMap&SRS=EPSG:3857&BBOX=0,0,1,1' }, 400, SERVICE_URL_MESSAGES.wms],
      [{ kind: 'wms', url: 'https://wms.example/wms?REQUEST=GetMap&SRS=EPSG:4326&BBOX={bbox-epsg-3857}' }, 400, SERVICE_URL_MESSAGES.wms],
      [{ kind: 'wms', url: 'https://wms.example/wms?REQUEST=GetCapabilities&CRS=EPSG:3857&BBOX={bbox-epsg-3857}' }, 400, SERVICE_URL_MESSAGES.wms],
      [{ kind: 'arcgis', url: 'https://gis.example/arcgis/rest/services/Ortho/MapServer/tile/{z}/{x}/{y}' }, 400, SERVICE_URL_MESSAGES.arcgis],
      [{ kind: 'arcgis', url: 'https://gis.example/arcgis/rest/services/Ortho/FeatureServer' }, 400, SERVICE_URL_MESSAGES.arcgis],
      [{ kind: 'wmts', url: 'https://gis.example/wmts/{z}/{x}/{y}' }, 400, SERVICE_URL_MESSAGES.wmts],
      [{ kind: 'xyz', url: 'https://tiles.example/{z}/{x}/{y}.png', bounds: [-71, 42.4, -71.1, 42.3] }, 400, 'Bounds are [west, south, east, north] in degrees of longitude and latitude, west before east and south before north'],
      [{ kind: 'xyz', url: 'https://tiles.example/{z}/{x}/{y}.png', minzoom: 15, maxzoom: 12 }, 400, 'The lowest zoom (15) is above the highest (12)'],
      [{ kind: 'xyz', url: 'https://tiles.example/{z}/{x}/{y}.png', label: '—' }, 400, "A service's label needs a letter or a digit"],
      [{ kind: 'tms', url: 'https://tiles.example/{z}/{x}/{y}.png' }, 400, 'Invalid imagery service: kind Invalid option: expected one of "xyz"|"wmts"|"wms"|"arcgis"'],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await add({ label: 'County', ...body });
      expect({ body, status: refused.status, answer: refused.json }).toEqual({ body, status, answer: { message } });
    }
    expect((await add({ kind: 'xyz', url: 'https://tiles.example/{z}/{x}/{y}.png', label: 'County' })).status).toBe(201);
    const taken = await add({ kind: 'xyz', url: 'https://other.example/{z}/{x}/{y}.png', label: 'county' });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ message: "An imagery layer named 'county' exists already: give the service another label" });
    await app.request('/api/admin/imagery-services/county', { method: 'DELETE', token: admin });
  });
});
