// 'Show Saved Parcels': the user's saved parcels as markers at their centroids, re-added on every
// style load like the parcel layers.
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapboxMap } from 'mapbox-gl';

export const SAVED_SOURCE_ID = 'saved-parcels';
export const SAVED_LAYER_IDS = { halo: 'saved-parcels-halo', marker: 'saved-parcels-marker' } as const;
export const SAVED_MARKER_COLOR = '#d6336c';

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

export function savedParcelsLayers(visible: boolean): LayerSpecification[] {
  const layout = { visibility: visible ? 'visible' : 'none' } as const;
  return [
    {
      id: SAVED_LAYER_IDS.halo,
      type: 'circle',
      source: SAVED_SOURCE_ID,
      layout,
      paint: { 'circle-radius': 11, 'circle-color': '#ffffff', 'circle-opacity': 0.85 },
    },
    {
      id: SAVED_LAYER_IDS.marker,
      type: 'circle',
      source: SAVED_SOURCE_ID,
      layout,
      paint: { 'circle-radius': 7, 'circle-color': SAVED_MARKER_COLOR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    },
  ];
}

/** Adds the source and layers on top if missing, else updates the data and visibility. */
export function installSavedParcels(map: MapboxMap, points: readonly SavedParcelPoint[], visible: boolean): void {
  const data = savedParcelsCollection(points);
  const source = map.getSource(SAVED_SOURCE_ID) as GeoJSONSource | undefined;
  if (source) source.setData(data);
  else map.addSource(SAVED_SOURCE_ID, { type: 'geojson', data });
  for (const layer of savedParcelsLayers(visible)) {
    if (map.getLayer(layer.id)) map.setLayoutProperty(layer.id, 'visibility', visible ? 'visible' : 'none');
    else map.addLayer(layer);
  }
}
