// 'My location': a position dot and its accuracy circle (a polygon of the reported radius in metres,
// so it keeps its ground size at every zoom), re-added on every style load like the other layers.
import { circle } from '@turf/turf';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapboxMap } from 'mapbox-gl';

export const MY_LOCATION_SOURCE_ID = 'my-location';
export const MY_LOCATION_LAYER_IDS = { accuracy: 'my-location-accuracy', accuracyLine: 'my-location-accuracy-line', dot: 'my-location-dot' } as const;
const LOCATION_COLOR = '#1c7ed6';

export interface MyLocation {
  lng: number;
  lat: number;
  /** The reported accuracy radius in metres. */
  accuracyM: number;
}

export function myLocationCollection(location: MyLocation): FeatureCollection {
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

/** Adds the source and layers on top if missing, else updates the data; nothing before a first fix. */
export function installMyLocation(map: MapboxMap, location: MyLocation | null): void {
  if (!location) return;
  const data = myLocationCollection(location);
  const source = map.getSource(MY_LOCATION_SOURCE_ID) as GeoJSONSource | undefined;
  if (source) source.setData(data);
  else map.addSource(MY_LOCATION_SOURCE_ID, { type: 'geojson', data });
  for (const layer of LAYERS) if (!map.getLayer(layer.id)) map.addLayer(layer);
}
