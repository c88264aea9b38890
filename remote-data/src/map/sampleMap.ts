// The small map of an import's sample parcels, before anything is published: plain GeoJSON on a
// blank style (no tiles, no glyphs, no token needed), fitted to the sample's extent. The only module
// of this remote that imports mapbox-gl; the page loads it on demand.
import mapboxgl, { type LngLatBoundsLike } from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { FeatureCollection } from 'geojson';
import type { Bbox } from '@parcel-map/shared';

export interface SampleCollection {
  type: 'FeatureCollection';
  features: unknown[];
  bbox: Bbox | null;
}

const SAMPLE_SOURCE = 'sample';

/** Draws `sample` into `container`; calls `onDrawn` once the parcels are on screen. Returns remove. */
export function showSample(container: HTMLElement, sample: SampleCollection, onDrawn: () => void): () => void {
  // Nothing here is on Mapbox: with the API base away from it, mapbox-gl posts no map-load events
  // (which the page's Content-Security-Policy would block, with console errors). This copy of
  // mapbox-gl is private to this remote (as remote-map/src/map/mapController.ts does with its own).
  mapboxgl.baseApiUrl = window.location.origin;
  const map = new mapboxgl.Map({
    container,
    // Any token string works for a style that is not on Mapbox.
    accessToken: 'not-needed',
    style: {
      version: 8,
      sources: { [SAMPLE_SOURCE]: { type: 'geojson', data: sample as FeatureCollection } },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
        { id: 'sample-fill', type: 'fill', source: SAMPLE_SOURCE, paint: { 'fill-color': '#2f7d5b', 'fill-opacity': 0.25 } },
        { id: 'sample-line', type: 'line', source: SAMPLE_SOURCE, paint: { 'line-color': '#1d4f39', 'line-width': 1 } },
      ],
    },
    bounds: sample.bbox ? (sample.bbox as LngLatBoundsLike) : undefined,
    fitBoundsOptions: { padding: 16 },
    attributionControl: false,
    cooperativeGestures: true,
    performanceMetricsCollection: false,
    collectResourceTiming: false,
  });
  map.addControl(new mapboxgl.NavigationControl({ showCompass: false }), 'top-right');
  map.once('idle', onDrawn);
  const resize = new ResizeObserver(() => map.resize());
  resize.observe(container);
  return () => {
    resize.disconnect();
    map.remove();
  };
}
