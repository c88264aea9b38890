// 'Show Saved Parcels': the user's saved parcels as markers at their centroids, hidden unless
// switched on.
import type { FeatureCollection, Point } from 'geojson';
import type { LayerSpecification } from 'mapbox-gl';
import { geoJsonLayer } from './drawnLayer.ts';
import { layerVisibility } from './mapStatePublication.ts';

const SAVED_SOURCE_ID = 'saved-parcels';
export const SAVED_LAYER_IDS = { halo: 'saved-parcels-halo', marker: 'saved-parcels-marker' } as const;
const SAVED_MARKER_COLOR = '#d6336c';

export interface SavedParcelPoint {
  pin: string;
  lng: number;
  lat: number;
  label: string;
}

export function savedParcelsCollection(points: readonly SavedParcelPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points
      .filter((point) => Number.isFinite(point.lng) && Number.isFinite(point.lat))
      .map((point) => ({ type: 'Feature', properties: { pin: point.pin, label: point.label }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })),
  };
}

const SAVED_PARCEL_LAYERS: LayerSpecification[] = [
  {
    id: SAVED_LAYER_IDS.halo,
    type: 'circle',
    source: SAVED_SOURCE_ID,
    paint: { 'circle-radius': 11, 'circle-color': '#ffffff', 'circle-opacity': 0.85 },
  },
  {
    id: SAVED_LAYER_IDS.marker,
    type: 'circle',
    source: SAVED_SOURCE_ID,
    paint: { 'circle-radius': 7, 'circle-color': SAVED_MARKER_COLOR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  },
];

export const savedParcelsLayer = geoJsonLayer<{ points: readonly SavedParcelPoint[]; visible: boolean }>({
  sourceId: SAVED_SOURCE_ID,
  layers: SAVED_PARCEL_LAYERS,
  initial: () => ({ points: [], visible: false }),
  data: ({ points }) => savedParcelsCollection(points),
  published: ({ points }, map) => ({ savedParcelCount: savedParcelsCollection(points).features.length, savedParcels: layerVisibility(map, SAVED_LAYER_IDS.marker) }),
});
