// Whether the view's parcel tiles are loading, reported on a change only, never per tile: a slim
// indicator shows meanwhile.
import type { Map as MapboxMap } from 'mapbox-gl';
import { PARCEL_SOURCE_ID } from './parcelLayers.ts';

/** The parcel source exists and has loaded the tiles of the view. */
export function parcelTilesLoaded(map: MapboxMap): boolean {
  return Boolean(map.getSource(PARCEL_SOURCE_ID)) && map.isSourceLoaded(PARCEL_SOURCE_ID);
}

export function reportParcelTilesProgress(map: MapboxMap, report: (loading: boolean) => void): void {
  let loading = false;
  const change = (next: boolean) => {
    if (next === loading) return;
    loading = next;
    report(next);
  };
  map.on('dataloading', (event) => {
    if ('sourceId' in event && event.sourceId === PARCEL_SOURCE_ID) change(true);
  });
  const check = () => {
    if (loading && parcelTilesLoaded(map)) change(false);
  };
  map.on('sourcedata', check);
  map.on('idle', check);
}
