// 'My location': a position dot and its accuracy circle (a polygon of the reported radius in metres,
// so it keeps its ground size at every zoom); nothing before a first fix.
import { circle } from '@turf/turf';
import type { FeatureCollection } from 'geojson';
import type { LayerSpecification } from 'mapbox-gl';
import { geoJsonLayer } from './drawnLayer.ts';

const MY_LOCATION_SOURCE_ID = 'my-location';
export const MY_LOCATION_LAYER_IDS = { accuracy: 'my-location-accuracy', accuracyLine: 'my-location-accuracy-line', dot: 'my-location-dot' } as const;
const LOCATION_COLOR = '#1c7ed6';

export interface MyLocation {
  lng: number;
  lat: number;
  /** The reported accuracy radius in metres. */
  accuracyM: number;
}

export function myLocationCollection(location: MyLocation | null): FeatureCollection {
  if (!location) return { type: 'FeatureCollection', features: [] };
  const centre = [location.lng, location.lat];
  const radiusKm = Math.max(location.accuracyM, 0) / 1000;
  return {
    type: 'FeatureCollection',
    features: [
      ...(radiusKm > 0 ? [{ ...circle(centre, radiusKm, { steps: 64, units: 'kilometers' }), properties: { kind: 'accuracy' } }] : []),
      { type: 'Feature', properties: { kind: 'position' }, geometry: { type: 'Point', coordinates: centre } },
    ],
  };
}

const LAYERS: LayerSpecification[] = [
  {
    id: MY_LOCATION_LAYER_IDS.accuracy,
    type: 'fill',
    source: MY_LOCATION_SOURCE_ID,
    filter: ['==', ['get', 'kind'], 'accuracy'],
    paint: { 'fill-color': LOCATION_COLOR, 'fill-opacity': 0.12 },
  },
  {
    id: MY_LOCATION_LAYER_IDS.accuracyLine,
    type: 'line',
    source: MY_LOCATION_SOURCE_ID,
    filter: ['==', ['get', 'kind'], 'accuracy'],
    paint: { 'line-color': LOCATION_COLOR, 'line-width': 1, 'line-opacity': 0.5 },
  },
  {
    id: MY_LOCATION_LAYER_IDS.dot,
    type: 'circle',
    source: MY_LOCATION_SOURCE_ID,
    filter: ['==', ['get', 'kind'], 'position'],
    paint: { 'circle-radius': 7, 'circle-color': LOCATION_COLOR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
  },
];

export const myLocationLayer = geoJsonLayer<{ location: MyLocation | null }>({
  sourceId: MY_LOCATION_SOURCE_ID,
  layers: LAYERS,
  initial: () => ({ location: null }),
  data: ({ location }) => myLocationCollection(location),
});
