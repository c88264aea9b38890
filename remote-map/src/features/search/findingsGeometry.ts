// What the parcel finder's panels draw (map/findingsLayer.ts) and the box the map fits to them.
import type { Feature, Geometry } from 'geojson';
import type { Bbox, NearbyResponse, ParcelSearchResult } from '@parcel-map/shared';
import type { Finding, Findings } from '../../map/findingsLayer.ts';

/** The results of one page as numbered points, numbered from `first`. */
export function resultFindings(results: readonly ParcelSearchResult[], first: number): Findings {
  return {
    type: 'FeatureCollection',
    features: results.map((result, index) => ({
      type: 'Feature',
      properties: { kind: 'result', pin: result.pin, label: String(first + index) },
      geometry: { type: 'Point', coordinates: [result.centroid.lng, result.centroid.lat] },
    })),
  };
}

/** The ring, the neighbours and the subject on top. */
export function nearbyFindings(answer: NearbyResponse): Findings {
  const parcel = (geometry: Geometry, kind: 'parcel' | 'subject', pin: string): Feature<Geometry, Finding['properties']> => ({ type: 'Feature', properties: { kind, pin }, geometry });
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { kind: 'ring' }, geometry: answer.ring as Geometry },
      ...answer.parcels.map((p) => parcel(p.geometry as Geometry, 'parcel', p.pin)),
      ...(answer.subject ? [parcel(answer.subject.geometry as Geometry, 'subject', answer.subject.pin)] : []),
    ],
  };
}

/** The box around every position of the findings, or null when there are none. */
export function findingsBounds(findings: Findings): Bbox | null {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') {
      box[0] = Math.min(box[0], value[0]);
      box[1] = Math.min(box[1], value[1]);
      box[2] = Math.max(box[2], value[0]);
      box[3] = Math.max(box[3], value[1]);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  for (const feature of findings.features) if ('coordinates' in feature.geometry) visit(feature.geometry.coordinates);
  return Number.isFinite(box[0]) ? box : null;
}
