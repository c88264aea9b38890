// GeoJSONSeq, read by the importer itself (readParcelSource.ts): one feature a line, newline-delimited
// or after RFC 8142's record separator, its coordinates as written.
import { describe, expect, it } from 'vitest';
import { fixtureDir, readWhole, squarePolygon, writeFixture } from './testing/importFixtures.ts';

const feature = (i: number) => JSON.stringify({ type: 'Feature', properties: { PIN: `S-${i}` }, geometry: squarePolygon(-71.1 + i * 0.001, 42.37, 0.001) });

describe('GeoJSONSeq', () => {
  it('reads one feature a line, blank lines and record separators aside', async () => {
    const text = `${feature(0)}\n\n\u001e${feature(1)}\r\n\u001e${feature(2)}\n`;
    const source = await readWhole(await writeFixture(await fixtureDir(), 'parcels.geojsonl', text));
    expect(source).toMatchObject({ format: 'geojsonseq', crs: undefined });
    expect(source.features.map(({ properties }) => properties.PIN)).toEqual(['S-0', 'S-1', 'S-2']);
    expect(source.features[1]!.geometry).toEqual(squarePolygon(-71.1 + 0.001, 42.37, 0.001));
  });

  it('names the file when a line is not JSON', async () => {
    const file = await writeFixture(await fixtureDir(), 'broken.geojsons', `${feature(0)}\n{"type": "Feature",\n`);
    await expect(readWhole(file)).rejects.toThrow(`${file}: not valid JSON`);
  });
});
