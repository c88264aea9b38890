// What the parcel finder shows on the map (issue #24): the results of a search (numbered points at
// their centroids, spread apart where they would overlap: resultMarkerLayout.ts) or a nearby list
// (its parcels, the subject apart, and the ring at the distance). One GeoJSON source, on top of
// everything else drawn.
import type { Feature, FeatureCollection, Geometry, Point } from 'geojson';
import type { FilterSpecification, LayerSpecification } from 'mapbox-gl';
import { geoJsonLayer } from './drawnLayer.ts';
import { layOutMarkers } from './resultMarkerLayout.ts';

const FINDINGS_SOURCE_ID = 'findings';
const FINDINGS_COLOR = '#1c7ed6';
const SUBJECT_COLOR = '#f08c00';

/** A feature of the findings: kind says how it is drawn, label (results) the number on it. */
export type FindingKind = 'ring' | 'parcel' | 'subject' | 'result';
export type Finding = Feature<Geometry, { kind: FindingKind; pin?: string; label?: string }>;

export type Findings = FeatureCollection<Geometry, Finding['properties']>;

export const EMPTY_FINDINGS: Findings = { type: 'FeatureCollection', features: [] };

const RESULT_RADIUS_PX = 10;
const RESULT_STROKE_PX = 2;
/** Between two markers' centres: their width and a gap. */
const RESULT_SPACING_PX = 2 * (RESULT_RADIUS_PX + RESULT_STROKE_PX) + 2;

const kind = (value: FindingKind | 'result-leader'): FilterSpecification => ['==', ['get', 'kind'], value];
/** A result marker or leader in the zooms its placement is for. */
const placed = (value: 'result' | 'result-leader'): FilterSpecification => ['all', kind(value), ['>=', ['zoom'], ['get', 'minzoom']], ['<', ['zoom'], ['get', 'maxzoom']]];

export const FINDINGS_LAYERS: LayerSpecification[] = [
  { id: 'findings-ring-fill', type: 'fill', source: FINDINGS_SOURCE_ID, filter: kind('ring'), paint: { 'fill-color': FINDINGS_COLOR, 'fill-opacity': 0.06 } },
  { id: 'findings-ring-line', type: 'line', source: FINDINGS_SOURCE_ID, filter: kind('ring'), paint: { 'line-color': FINDINGS_COLOR, 'line-width': 2, 'line-dasharray': [3, 2] } },
  { id: 'findings-parcel-fill', type: 'fill', source: FINDINGS_SOURCE_ID, filter: kind('parcel'), paint: { 'fill-color': FINDINGS_COLOR, 'fill-opacity': 0.3 } },
  { id: 'findings-parcel-line', type: 'line', source: FINDINGS_SOURCE_ID, filter: kind('parcel'), paint: { 'line-color': FINDINGS_COLOR, 'line-width': 1.5 } },
  { id: 'findings-subject-fill', type: 'fill', source: FINDINGS_SOURCE_ID, filter: kind('subject'), paint: { 'fill-color': SUBJECT_COLOR, 'fill-opacity': 0.45 } },
  { id: 'findings-subject-line', type: 'line', source: FINDINGS_SOURCE_ID, filter: kind('subject'), paint: { 'line-color': SUBJECT_COLOR, 'line-width': 3 } },
  { id: 'findings-result-leader', type: 'line', source: FINDINGS_SOURCE_ID, filter: placed('result-leader'), paint: { 'line-color': FINDINGS_COLOR, 'line-width': 1.5 } },
  {
    id: 'findings-result',
    type: 'circle',
    source: FINDINGS_SOURCE_ID,
    filter: placed('result'),
    paint: { 'circle-radius': RESULT_RADIUS_PX, 'circle-color': FINDINGS_COLOR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': RESULT_STROKE_PX },
  },
  {
    id: 'findings-result-label',
    type: 'symbol',
    source: FINDINGS_SOURCE_ID,
    filter: placed('result'),
    layout: { 'text-field': ['get', 'label'], 'text-size': 11, 'text-allow-overlap': true, 'text-ignore-placement': true },
    paint: { 'text-color': '#ffffff' },
  },
];

/** The findings as drawn: the results laid out per zoom, the rest as they are. */
function drawnFindings(findings: Findings): FeatureCollection {
  const isResult = (feature: Finding): feature is Feature<Point, Finding['properties']> => feature.properties.kind === 'result' && feature.geometry.type === 'Point';
  const results = findings.features.filter(isResult);
  if (results.length === 0) return findings;
  const { markers, leaders } = layOutMarkers(
    results.map(({ geometry, properties: { pin, label } }) => ({ coordinates: geometry.coordinates, properties: { pin, label } })),
    RESULT_SPACING_PX,
  );
  return { type: 'FeatureCollection', features: [...findings.features.filter((feature) => !isResult(feature)), ...leaders, ...markers] };
}

export const findingsLayer = geoJsonLayer<{ findings: Findings }>({
  sourceId: FINDINGS_SOURCE_ID,
  layers: FINDINGS_LAYERS,
  initial: () => ({ findings: EMPTY_FINDINGS }),
  data: ({ findings }) => drawnFindings(findings),
  published: ({ findings }) => ({ findings: findings.features.length > 0 ? findings.features.length : null }),
});
