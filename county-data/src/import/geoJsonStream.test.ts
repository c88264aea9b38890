import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geoJsonEvents, type GeoJsonEvent } from './geoJsonStream.ts';

/** The text cut into chunks of `size` bytes, as a file stream hands them over. */
async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function events(text: string, size = 1 << 16): Promise<GeoJsonEvent[]> {
  const all: GeoJsonEvent[] = [];
  for await (const event of geoJsonEvents(chunksOf(text, size), 'test.geojson')) all.push(event);
  return all;
}

const parsedFeatures = (all: GeoJsonEvent[]) => all.flatMap((event) => (event.kind === 'feature' ? [JSON.parse(event.text) as unknown] : []));

const TRICKY = {
  type: 'FeatureCollection',
  name: 'parcels {with} [brackets]',
  crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2249' } },
  bbox: [1, 2, 3, 4],
  features: [
    { type: 'Feature', properties: { PIN: '1', note: 'a } b ] c', quote: 'say "{" twice', slash: 'C:\\dir\\', accent: 'Café — 東京' }, geometry: { type: 'Point', coordinates: [1, 2] } },
    { type: 'Feature', properties: null, geometry: null },
    { type: 'Feature', properties: { nested: { deep: [[{ x: '}' }]] } }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } },
  ],
};

describe('geoJsonEvents', () => {
  it('cuts out each feature, whatever falls inside strings, at every chunk size', async () => {
    const text = JSON.stringify(TRICKY, null, 1);
    for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
      const all = await events(text, size);
      expect(all[0]).toEqual({ kind: 'header', header: { type: 'FeatureCollection', crs: 'urn:ogc:def:crs:EPSG::2249', hasFeatures: true } });
      expect(parsedFeatures(all)).toEqual(TRICKY.features);
    }
  });

  it('finds where each string ends, cut at any byte: escaped quotes and backslashes, brackets and quotes inside', async () => {
    const strings = ['\\', '\\"', 'a\\\\', '"}"', '\\\\"]', '{[', 'é\\"東', '\\u0022'];
    const collection = { type: 'FeatureCollection', features: strings.map((value, i) => ({ type: 'Feature', properties: { [`k${value}`]: value, i }, geometry: null })) };
    const bytes = Buffer.from(JSON.stringify(collection), 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      async function* twoChunks(): AsyncGenerator<Buffer> {
        yield bytes.subarray(0, cut);
        yield bytes.subarray(cut);
      }
      const all: GeoJsonEvent[] = [];
      for await (const event of geoJsonEvents(twoChunks(), 'cut.geojson')) all.push(event);
      expect(parsedFeatures(all)).toEqual(collection.features);
    }
  });

  it('reads any feature collection as JSON.parse does, cut anywhere', async () => {
    const feature = fc.record({
      type: fc.constant('Feature'),
      properties: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null), fc.array(fc.string()))),
      geometry: fc.record({ type: fc.constant('Point'), coordinates: fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true })) }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(feature, { maxLength: 8 }), fc.integer({ min: 1, max: 50 }), fc.boolean(), async (features, size, pretty) => {
        const text = JSON.stringify({ type: 'FeatureCollection', features }, null, pretty ? 2 : undefined);
        expect(parsedFeatures(await events(text, size))).toEqual(JSON.parse(text).features);
      }),
      { numRuns: 200 },
    );
  });

  it('hands over each feature as soon as its bytes have come, before the rest of the file is read', async () => {
    const first = JSON.stringify(TRICKY.features[0]);
    let consumed = 0;
    async function* slowFile(): AsyncGenerator<Buffer> {
      yield Buffer.from(`{"type":"FeatureCollection","features":[${first}`);
      // The reader must not need more bytes to hand over the first feature.
      expect(consumed).toBe(1);
      yield Buffer.from(`,${first}]}`);
    }
    const seen: GeoJsonEvent['kind'][] = [];
    for await (const event of geoJsonEvents(slowFile(), 'slow.geojson')) {
      seen.push(event.kind);
      if (event.kind === 'feature') consumed += 1;
    }
    expect(seen).toEqual(['header', 'feature', 'feature']);
  });

  it('says at the end when there is no features array: TopoJSON, or not a FeatureCollection', async () => {
    const topology = await events(JSON.stringify({ type: 'Topology', objects: { parcels: { type: 'GeometryCollection', geometries: [] } }, arcs: [[[0, 0]]] }), 5);
    expect(topology).toEqual([{ kind: 'header', header: { type: 'Topology', crs: undefined, hasFeatures: false } }]);
    // A nested "features" member is not the collection's.
    expect(await events('{"type":"Feature","properties":{"features":[{"a":1}]}}')).toEqual([{ kind: 'header', header: { type: 'Feature', crs: undefined, hasFeatures: false } }]);
  });

  it('refuses a file that is cut short or a crs that comes after the features', async () => {
    const text = JSON.stringify(TRICKY);
    await expect(events(text.slice(0, -1))).rejects.toThrow('test.geojson: not valid JSON (the file ends inside an object or array)');
    await expect(events('{"type":"FeatureCollection","features":[],"crs":{"properties":{"name":"EPSG:2249"}}}')).rejects.toThrow(
      'test.geojson: its "crs" comes after its features; it must come before them to read their coordinates',
    );
    await expect(events('{"type":"FeatureCollection" "features":[]}')).rejects.toThrow(/^test\.geojson: not valid JSON \(/);
  });
});
