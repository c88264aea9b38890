import type { LineString, Point, Position } from 'geojson';
import { EMPTY_FINDINGS, FINDINGS_LAYERS, findingsLayer, type Finding, type FindingKind, type Findings } from './findingsLayer.ts';
import { FakeMap } from './testing/fakeMap.ts';

const finding = (kind: FindingKind, pin: string): Finding => ({
  type: 'Feature',
  properties: { kind, pin },
  geometry: kind === 'result' ? { type: 'Point', coordinates: [0, 0] } : { type: 'Polygon', coordinates: [] },
});
const result = (label: string, coordinates: [number, number]): Finding => ({ type: 'Feature', properties: { kind: 'result', pin: `p${label}`, label }, geometry: { type: 'Point', coordinates } });
const nearby: Findings = { type: 'FeatureCollection', features: [finding('ring', 'r'), finding('subject', 's'), finding('parcel', 'p1'), finding('parcel', 'p2')] };

describe('findings layer', () => {
  it('draws each kind of finding on its own layers: ring, parcels, subject, numbered results', async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    findingsLayer.install(fake.map, { findings: EMPTY_FINDINGS }, { satellite: false });
    expect(fake.layerIds()).toEqual(FINDINGS_LAYERS.map((layer) => layer.id));
    findingsLayer.update(fake.map, { findings: nearby }, { findings: EMPTY_FINDINGS }, { satellite: false });
    const pins = (id: string) => fake.drawnFeatures(id).map((feature) => feature.properties.pin);
    expect(pins('findings-ring-line')).toEqual(['r']);
    expect(pins('findings-subject-fill')).toEqual(['s']);
    expect(pins('findings-parcel-fill')).toEqual(['p1', 'p2']);
    expect(pins('findings-result')).toEqual([]);
    expect(findingsLayer.published?.({ findings: nearby }, fake.map)).toEqual({ findings: 4 });
    expect(findingsLayer.published?.({ findings: EMPTY_FINDINGS }, fake.map)).toEqual({ findings: null });
  });

  it('never draws two numbered result markers over each other, at any zoom, each once with a leader when moved', async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    // Five results on one lot (a condominium's units), one next door, one across the county.
    const lot: [number, number] = [-80.86, 35.62];
    const results = [
      ...['1', '2', '3', '4', '5'].map((label) => result(label, lot)),
      result('6', [-80.8598, 35.62]),
      result('7', [-80.6, 35.8]),
    ];
    findingsLayer.install(fake.map, { findings: { type: 'FeatureCollection', features: [finding('ring', 'r'), ...results] } }, { satellite: false });
    const radius = fake.getPaintProperty('findings-result', 'circle-radius') as number;
    const stroke = fake.getPaintProperty('findings-result', 'circle-stroke-width') as number;
    for (const zoom of [3, 9.5, 13, 15.99, 16, 18, 19]) {
      fake.zoom = zoom;
      const markers = fake.drawnFeatures('findings-result');
      expect(markers.map((marker) => marker.properties.label).sort(), `zoom ${zoom}`).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      expect(fake.drawnFeatures('findings-result-label')).toHaveLength(7);
      const at = markers.map((marker) => pixel((marker.geometry as Point).coordinates, zoom));
      for (let i = 0; i < at.length; i += 1) {
        for (let j = i + 1; j < at.length; j += 1) {
          expect(Math.hypot(at[i]!.x - at[j]!.x, at[i]!.y - at[j]!.y), `zoom ${zoom}: ${markers[i]!.properties.label} and ${markers[j]!.properties.label}`).toBeGreaterThanOrEqual(2 * (radius + stroke));
        }
      }
      // A marker moved off its parcel has a line back to it; the one across the county is apart from zoom 9 (3 px away at zoom 3).
      const leaders = fake.drawnFeatures('findings-result-leader').map((leader) => (leader.geometry as LineString).coordinates);
      const moved = markers.filter((marker) => !isEqual((marker.geometry as Point).coordinates, originOf(marker.properties.label as string)));
      expect(leaders).toEqual(expect.arrayContaining(moved.map((marker) => [originOf(marker.properties.label as string), (marker.geometry as Point).coordinates])));
      expect(leaders).toHaveLength(moved.length);
      if (zoom >= 9) expect(moved.map((marker) => marker.properties.label)).not.toContain('7');
    }
    // Zoomed in far enough the next-door lot's marker is back on its parcel; the five on one lot never are.
    fake.zoom = 19;
    expect(fake.drawnFeatures('findings-result').find((marker) => marker.properties.label === '6')?.geometry).toEqual({ type: 'Point', coordinates: [-80.8598, 35.62] });
    expect(fake.drawnFeatures('findings-result-leader')).toHaveLength(5);
    expect(findingsLayer.published?.({ findings: { type: 'FeatureCollection', features: results } }, fake.map)).toEqual({ findings: 7 });

    function originOf(label: string) {
      return (results.find((candidate) => candidate.properties.label === label)!.geometry as Point).coordinates;
    }
  });
});

/** A position in mapbox-gl's pixels at a zoom (a 512 px world at zoom 0), independent of the layout's own. */
function pixel([lng, lat]: Position, zoom: number) {
  const size = 512 * 2 ** zoom;
  const y = Math.log(Math.tan(Math.PI / 4 + (lat! * Math.PI) / 360));
  return { x: ((lng! + 180) / 360) * size, y: (0.5 - y / (2 * Math.PI)) * size };
}

function isEqual(a: Position, b: Position) {
  return a[0] === b[0] && a[1] === b[1];
}
