// What the parcel finder shows on the map (issue #24): the results of a search (numbered points at
// their centroids) or a nearby list (its parcels, the subject apart, and the ring at the distance).
// One GeoJSON source, on top of everything else drawn.
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { LayerSpecification } from 'mapbox-gl';
import { geoJsonLayer } from './drawnLayer.ts';

const FINDINGS_SOURCE_ID = 'findings';
const FINDINGS_COLOR = '#1c7ed6';
const SUBJECT_COLOR = '#f08c00';

/** A feature of the findings: kind says how it is drawn, label (results) the number on it. */
export type FindingKind = 'ring' | 'parcel' | 'subject' | 'result';
export type Finding = Feature<Geometry, { kind: FindingKind; pin?: string; label?: string }>;

export type Findings = FeatureCollection<Geometry, Finding['properties']>;

export const EMPTY_FINDINGS: Findings = { type: 'FeatureCollection', features: [] };

const kind = (value: FindingKind) => ['==', ['get', 'kind'], value];

export const FINDINGS_LAYERS: LayerSpecification[] = [
  { id: 'findings-ring-fill', type: 'fill', source: FINDINGS_SOURCE_ID, filter: kind('ring'), paint: { 'fill-color': FINDINGS_COLOR, 'fill-opacity': 0.06 } },
  { id: 'findings-ring-line', type: 'line', source: FINDINGS_SOURCE_ID, filter: kind('ring'), paint: { 'line-color': FINDINGS_COLOR, 'line-width': 2, 'line-dasharray': [3, 2] } },
  { id: 'findings-parcel-fill', type: 'fill', source: FINDINGS_SOURCE_ID, filter: kind('parcel'), paint: { 'fill-color': FINDINGS_COLOR, 'fill-opacity': 0.3 } },
  { id: 'findings-parcel-line', type: 'line', source: FINDINGS_SOURCE_ID, filter: kind('parcel'), paint: { 'line-color': FINDINGS_COLOR, 'line-width': 1.5 } },
  { id: 'findings-subject-fill', type: 'fill', source: FINDINGS_SOURCE_ID, filter: kind('subject'), paint: { 'fill-color': SUBJECT_COLOR, 'fill-opacity': 0.45 } },
  { id: 'findings-subject-line', type: 'line', source: FINDINGS_SOURCE_ID, filter: kind('subject'), paint: { 'line-color': SUBJECT_COLOR, 'line-width': 3 } },
  {
    id: 'findings-result',
    type: 'circle',
    source: FINDINGS_SOURCE_ID,
    filter: kind('result'),
    paint: { 'circle-radius': 10, 'circle-color': FINDINGS_COLOR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
  {
    id: 'findings-result-label',
    type: 'symbol',
    source: FINDINGS_SOURCE_ID,
    filter: kind('result'),
    layout: { 'text-field': ['get', 'label'], 'text-size': 11, 'text-allow-overlap': true, 'text-ignore-placement': true },
    paint: { 'text-color': '#ffffff' },
  },
];

export const findingsLayer = geoJsonLayer<{ findings: Findings }>({
  sourceId: FINDINGS_SOURCE_ID,
  layers: FINDINGS_LAYERS,
  initial: () => ({ findings: EMPTY_FINDINGS }),
  data: ({ findings }) => findings,
  published: ({ findings }) => ({ findings: findings.features.length > 0 ? findings.features.length : null }),
});
