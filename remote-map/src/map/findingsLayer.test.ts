import { EMPTY_FINDINGS, FINDINGS_LAYERS, findingsLayer, type Finding, type FindingKind, type Findings } from './findingsLayer.ts';
import { FakeMap } from './testing/fakeMap.ts';

const finding = (kind: FindingKind, pin: string): Finding => ({
  type: 'Feature',
  properties: { kind, pin },
  geometry: kind === 'result' ? { type: 'Point', coordinates: [0, 0] } : { type: 'Polygon', coordinates: [] },
});
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
});
