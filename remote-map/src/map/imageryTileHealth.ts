// Notices an imagery base map whose tile service is not answering: since its style loaded, the
// imagery source's tiles have failed and none has loaded, once the map has settled (idle) or the
// source has no tile left to wait for. A single missing tile among good ones is not a dead service.
import type mapboxgl from 'mapbox-gl';
import { IMAGERY_STYLE_SOURCE } from '@parcel-map/shared/api';

interface ImageryTileHealth {
  detach(): void;
}

/** Calls `notAnswering` at most once per style load. */
export function watchImageryTiles(map: mapboxgl.Map, notAnswering: () => void): ImageryTileHealth {
  let failed = 0;
  let loaded = 0;
  let reported = false;

  const check = () => {
    if (reported || failed === 0 || loaded > 0) return;
    reported = true;
    notAnswering();
  };
  const onStyleLoad = () => {
    failed = 0;
    loaded = 0;
    reported = false;
  };
  // A source's error event carries its id (mapbox-gl's type for 'error' does not say so).
  const onError = (event: object) => {
    if (!('sourceId' in event) || event.sourceId !== IMAGERY_STYLE_SOURCE) return;
    failed += 1;
    if (map.isSourceLoaded(IMAGERY_STYLE_SOURCE)) check();
  };
  const onSourceData = (event: mapboxgl.MapSourceDataEvent) => {
    if (event.sourceId === IMAGERY_STYLE_SOURCE && event.tile !== undefined) loaded += 1;
  };

  map.on('style.load', onStyleLoad);
  map.on('error', onError);
  map.on('sourcedata', onSourceData);
  map.on('idle', check);
  return {
    detach() {
      map.off('style.load', onStyleLoad);
      map.off('error', onError);
      map.off('sourcedata', onSourceData);
      map.off('idle', check);
    },
  };
}
