// Imagery services added and removed by an administrator: the URL checked for its kind once, when it
// is added (a WMTS service's capabilities fetched here, server-side, for the web map's tile template),
// and the template stored, so the map and the page's CSP read it without asking the service.
import {
  IMAGERY_NAME_PATTERN,
  IMAGERY_SERVICE_ZOOMS,
  type ImageryTileService,
  type ImageryServiceBody,
  type ImageryServiceKind,
} from '@parcel-map/shared/contracts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/httpErrors.ts';
import type { ImageryServicesRepository } from './imageryServicesRepository.ts';
import { WmtsCapabilitiesError, wmtsTileTemplate } from './wmtsCapabilities.ts';

/** How long and how much a WMTS capabilities fetch may take. */
const WMTS_CAPABILITIES_TIMEOUT_MS = 10_000;
const WMTS_CAPABILITIES_MAX_BYTES = 5 * 1024 * 1024;
/** The zooms asked of a service unless the administrator says otherwise (most serve no deeper). */
const DEFAULT_MAXZOOM = 19;

export const SERVICE_URL_MESSAGES: Record<ImageryServiceKind, string> = {
  xyz: 'An XYZ URL is a tile template with {z}, {x} and {y}, e.g. https://tiles.example.gov/ortho/{z}/{x}/{y}.png',
  wmts: 'A WMTS URL is the service\'s GetCapabilities address, e.g. https://gis.example.gov/wmts/1.0.0/WMTSCapabilities.xml',
  wms: 'A WMS URL is a GetMap request with BBOX={bbox-epsg-3857} and SRS (or CRS) EPSG:3857, e.g. https://gis.example.gov/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=ortho&STYLES=&FORMAT=image/png&SRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX={bbox-epsg-3857}',
  arcgis: 'An ArcGIS URL is a MapServer or ImageServer\'s …/tile/{z}/{y}/{x}, e.g. https://gis.example.gov/arcgis/rest/services/Ortho/MapServer/tile/{z}/{y}/{x}',
};

/** The URL parsed with its placeholders kept out of the way; http and https only. */
function parseServiceUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll('{', '%7B').replaceAll('}', '%7D'));
  } catch {
    throw new BadRequestError(`'${url}' is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new BadRequestError('A service URL starts with https:// or http://');
  if (parsed.username || parsed.password) throw new BadRequestError('A service URL carries no user name or password: the browser fetches it and would show them');
  return parsed;
}

const queryValue = (url: URL, key: string) => [...url.searchParams].find(([name]) => name.toLowerCase() === key)?.[1];

/** The tile template of an XYZ, WMS or ArcGIS URL, or why it is not one. */
function tileTemplateOf(kind: Exclude<ImageryServiceKind, 'wmts'>, url: string, parsed: URL): string {
  if (kind === 'xyz') {
    if (!['{z}', '{x}', '{y}'].every((placeholder) => url.includes(placeholder))) throw new BadRequestError(SERVICE_URL_MESSAGES.xyz);
    return url;
  }
  if (kind === 'arcgis') {
    // The service's own address is enough: its tiles are under /tile.
    const withTiles = /\/(?:MapServer|ImageServer)\/?$/.test(parsed.pathname) && !url.includes('?') ? `${url.replace(/\/$/, '')}/tile/{z}/{y}/{x}` : url;
    if (!/\/(?:MapServer|ImageServer)\/tile\/\{z\}\/\{y\}\/\{x\}(?:\?|$)/.test(withTiles)) throw new BadRequestError(SERVICE_URL_MESSAGES.arcgis);
    return withTiles;
  }
  const crs = queryValue(parsed, 'srs') ?? queryValue(parsed, 'crs') ?? '';
  if (!url.includes('{bbox-epsg-3857}') || queryValue(parsed, 'request')?.toLowerCase() !== 'getmap' || !/^EPSG:(?:3857|900913)$/i.test(crs)) {
    throw new BadRequestError(SERVICE_URL_MESSAGES.wms);
  }
  return url;
}

async function fetchCapabilities(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(WMTS_CAPABILITIES_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${WMTS_CAPABILITIES_TIMEOUT_MS / 1000} s` : 'the service could not be reached';
    throw new BadRequestError(`The WMTS capabilities could not be read: ${reason}`);
  }
  if (!response.ok) throw new BadRequestError(`The WMTS capabilities could not be read: the service answered HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > WMTS_CAPABILITIES_MAX_BYTES) throw new BadRequestError('The WMTS capabilities are larger than 5 MB');
  const text = await response.text();
  if (text.length > WMTS_CAPABILITIES_MAX_BYTES) throw new BadRequestError('The WMTS capabilities are larger than 5 MB');
  return text;
}

/** `County Ortho 2024` → `county-ortho-2024`. */
function serviceNameOf(label: string): string {
  return label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/, '');
}

export function createImageryServices(deps: { repository: ImageryServicesRepository }) {
  return {
    list: () => deps.repository.list(),

    async add(body: ImageryServiceBody): Promise<ImageryTileService> {
      const label = body.label.trim();
      const name = serviceNameOf(label);
      if (!IMAGERY_NAME_PATTERN.test(name)) throw new BadRequestError('A service\'s label needs a letter or a digit');
      const [west, south, east, north] = body.bounds;
      if (!(west >= -180 && east <= 180 && south >= -90 && north <= 90 && west < east && south < north)) {
        throw new BadRequestError('Bounds are [west, south, east, north] in degrees of longitude and latitude, west before east and south before north');
      }
      const url = body.url.trim();
      const parsed = parseServiceUrl(url);
      let tiles: string;
      let zooms = { minzoom: IMAGERY_SERVICE_ZOOMS.min as number, maxzoom: DEFAULT_MAXZOOM as number };
      if (body.kind === 'wmts') {
        if (url.includes('{')) throw new BadRequestError(SERVICE_URL_MESSAGES.wmts);
        const layer = body.layer?.trim() || undefined;
        try {
          const template = wmtsTileTemplate(await fetchCapabilities(parsed.href), parsed.href, layer);
          tiles = template.tiles;
          zooms = { minzoom: template.minzoom, maxzoom: template.maxzoom };
        } catch (error) {
          if (error instanceof WmtsCapabilitiesError) throw new BadRequestError(error.message);
          throw error;
        }
      } else {
        if (body.layer) throw new BadRequestError('Only a WMTS service is given a layer: the other kinds name it in their URL');
        tiles = tileTemplateOf(body.kind, url, parsed);
      }
      const minzoom = body.minzoom ?? zooms.minzoom;
      const maxzoom = body.maxzoom ?? zooms.maxzoom;
      if (minzoom > maxzoom) throw new BadRequestError(`The lowest zoom (${minzoom}) is above the highest (${maxzoom})`);
      if (await deps.repository.nameTaken(name)) throw new ConflictError(`An imagery layer named '${name}' exists already: give the service another label`);
      return deps.repository.insert({
        name, kind: body.kind, url, tiles, label, attribution: body.attribution?.trim() ?? '', year: body.year ?? null, bounds: body.bounds, minzoom, maxzoom,
      });
    },

    async remove(name: string): Promise<void> {
      if (!(await deps.repository.remove(name))) throw new NotFoundError(`There is no imagery service named '${name}'`);
    },
  };
}

export type ImageryServices = ReturnType<typeof createImageryServices>;
