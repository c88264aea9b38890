// A WMTS GetCapabilities document read for the one thing the map needs: a tile URL template in the
// web map's tiling (GoogleMapsCompatible, or any tile matrix set in EPSG:3857 whose matrices are the
// zooms 0, 1, 2 …). No XML library: the few elements read are found by local name in a small tree.

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Why a capabilities document gives no template the map can use; its message is the API's answer. */
export class WmtsCapabilitiesError extends Error {}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_all, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? '';
  });

/** Elements, attributes and text (CDATA included); comments, declarations and processing instructions skipped. */
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  const token = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<[?!][\s\S]*?>|<\/\s*([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (const match of xml.matchAll(token)) {
    const [, cdata, closing, opening, attributeText, selfClosing, text] = match;
    const current = open[open.length - 1]!;
    if (cdata !== undefined) current.text += cdata;
    else if (text !== undefined) current.text += decodeEntities(text);
    else if (closing !== undefined) {
      if (open.length > 1 && localName(current.name) === localName(closing)) open.pop();
      else throw new WmtsCapabilitiesError('The WMTS capabilities are not well-formed XML');
    } else if (opening !== undefined) {
      const attributes: Record<string, string> = {};
      for (const [, key, double, single] of (attributeText ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[localName(key!)] = decodeEntities(double ?? single ?? '');
      const element: XmlElement = { name: opening, attributes, children: [], text: '' };
      current.children.push(element);
      if (!selfClosing) open.push(element);
    }
  }
  if (open.length !== 1) throw new WmtsCapabilitiesError('The WMTS capabilities are not well-formed XML');
  return root;
}

const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => localName(child.name) === name);
const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text.trim();
function descendantsNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(localName(child.name) === name ? [child] : []), ...descendantsNamed(child, name)]);
}

const WEB_MERCATOR_CRS = /(?:EPSG(?::[\d.]*)?::?(?:3857|900913|3785|102100)|GoogleMapsCompatible)$/i;

/** A tile matrix set the map's tiling matches, and how its matrix identifiers spell a zoom. */
function webMercatorMatrices(set: XmlElement): { prefix: string; zooms: number[] } | undefined {
  const identifier = childText(set, 'Identifier') ?? '';
  const crs = childText(set, 'SupportedCRS') ?? '';
  const wellKnown = childText(set, 'WellKnownScaleSet') ?? '';
  if (!WEB_MERCATOR_CRS.test(crs) && !/GoogleMapsCompatible/i.test(wellKnown) && !/^GoogleMapsCompatible$/i.test(identifier)) return undefined;
  const ids = childrenNamed(set, 'TileMatrix').map((matrix) => childText(matrix, 'Identifier') ?? '');
  const first = /^(.*?)(\d+)$/.exec(ids[0] ?? '');
  if (!first || first[2] !== '0') return undefined;
  const prefix = first[1]!;
  // Zoom n is the matrix `${prefix}n`, counting up from 0, or the matrices are some other tiling.
  if (!ids.every((id, zoom) => id === `${prefix}${zoom}`)) return undefined;
  return { prefix, zooms: ids.map((_id, zoom) => zoom) };
}

interface WmtsTemplate {
  /** `{z}/{x}/{y}` template, absolute. */
  tiles: string;
  layer: string;
  minzoom: number;
  maxzoom: number;
}

/**
 * The tile template of the layer named `layer` (its Identifier), else of the document's first layer
 * offered in the web map's tiling: its RESTful ResourceURL if it has one, else a KVP GetTile on the
 * GetTile operation's GET address. `capabilitiesUrl` resolves relative addresses.
 */
export function wmtsTileTemplate(xml: string, capabilitiesUrl: string, layer?: string): WmtsTemplate {
  const document = parseXml(xml);
  const capabilities = document.children.find((child) => localName(child.name) === 'Capabilities');
  if (!capabilities) {
    const exception = descendantsNamed(document, 'ExceptionText')[0]?.text.trim();
    throw new WmtsCapabilitiesError(exception ? `The WMTS service answered an exception: ${exception}` : 'The URL does not answer WMTS capabilities (no <Capabilities> document)');
  }
  const contents = childrenNamed(capabilities, 'Contents')[0];
  if (!contents) throw new WmtsCapabilitiesError('The WMTS capabilities list no layers');
  const sets = new Map(childrenNamed(contents, 'TileMatrixSet').map((set) => [childText(set, 'Identifier') ?? '', set]));
  const offered = childrenNamed(contents, 'Layer');
  const candidates = layer === undefined ? offered : offered.filter((candidate) => childText(candidate, 'Identifier') === layer);
  if (layer !== undefined && candidates.length === 0) {
    const names = offered.map((candidate) => childText(candidate, 'Identifier')).filter(Boolean);
    throw new WmtsCapabilitiesError(`The WMTS capabilities have no layer '${layer}'; they offer ${names.length > 0 ? names.map((name) => `'${name}'`).join(', ') : 'none'}`);
  }
  for (const entry of candidates) {
    for (const link of childrenNamed(entry, 'TileMatrixSetLink')) {
      const setId = childText(link, 'TileMatrixSet') ?? '';
      const set = sets.get(setId);
      const matrices = set && webMercatorMatrices(set);
      if (!matrices) continue;
      const layerId = childText(entry, 'Identifier') ?? '';
      const style = childrenNamed(entry, 'Style').find((candidate) => candidate.attributes.isDefault === 'true') ?? childrenNamed(entry, 'Style')[0];
      const styleId = (style && childText(style, 'Identifier')) ?? 'default';
      const format = childText(entry, 'Format') ?? 'image/png';
      const resource = childrenNamed(entry, 'ResourceURL').find((candidate) => candidate.attributes.resourceType === 'tile');
      const fill = (template: string) =>
        template
          .replace(/\{TileMatrixSet\}/gi, encodeURIComponent(setId))
          .replace(/\{TileMatrix\}/gi, `${encodeURIComponent(matrices.prefix)}{z}`)
          .replace(/\{TileRow\}/gi, '{y}')
          .replace(/\{TileCol\}/gi, '{x}')
          .replace(/\{Style\}/gi, encodeURIComponent(styleId))
          .replace(/\{Layer\}/gi, encodeURIComponent(layerId));
      let tiles: string;
      if (resource?.attributes.template) {
        tiles = fill(absolute(resource.attributes.template, capabilitiesUrl));
      } else {
        const getTile = descendantsNamed(capabilities, 'Operation').find((operation) => operation.attributes.name === 'GetTile');
        const href = getTile && descendantsNamed(getTile, 'Get')[0]?.attributes.href;
        if (!href) continue;
        const base = absolute(href, capabilitiesUrl);
        const query = `SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${encodeURIComponent(layerId)}&STYLE=${encodeURIComponent(styleId)}&FORMAT=${encodeURIComponent(format)}&TILEMATRIXSET=${encodeURIComponent(setId)}&TILEMATRIX=${encodeURIComponent(matrices.prefix)}{z}&TILEROW={y}&TILECOL={x}`;
        tiles = `${base}${base.includes('?') ? (/[?&]$/.test(base) ? '' : '&') : '?'}${query}`;
      }
      return { tiles, layer: layerId, minzoom: 0, maxzoom: matrices.zooms.length - 1 };
    }
  }
  throw new WmtsCapabilitiesError(
    layer === undefined
      ? 'The WMTS capabilities offer no layer in the GoogleMapsCompatible (EPSG:3857) tiling the map uses'
      : `The WMTS layer '${layer}' is not offered in the GoogleMapsCompatible (EPSG:3857) tiling the map uses`,
  );
}

// Braces kept: new URL would escape the template's placeholders.
function absolute(href: string, base: string): string {
  const resolved = new URL(href.replaceAll('{', '%7B').replaceAll('}', '%7D'), base).href;
  return resolved.replaceAll('%7B', '{').replaceAll('%7D', '}');
}
