// Owns the mapbox-gl Map of the map screen. React code talks to the map only through the
// MapController this returns; the map reports back through MapControllerEvents.
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { MapStyleConfig, RuntimeConfig } from '@parcel-map/shared';
import { installParcelLayers, PARCEL_LAYER_IDS, PARCEL_SOURCE_ID, setHighlightPin } from './parcelLayers.ts';
import { attachParcelInteractions, type LngLatValue, type ParcelClickHandlers, type ParcelHighlights } from './parcelInteractions.ts';
import { isMapboxHostedUrl, isSatelliteStyleName, matchLoadedStyle } from './mapStyles.ts';
import { MAP_VIEW_DEFAULTS, STYLE_LOAD_TIMEOUT_MS, STYLE_LOADING_CLEAR_DELAY_MS } from './mapDefaults.ts';

export type MapConfig = RuntimeConfig['map'];

/** Glyphs are drawn from a local font, so no glyph server is needed. */
const LOCAL_FONT_FAMILY = 'sans-serif';


export interface MapView {
  lng: number;
  lat: number;
  zoom: number;
}

export interface MapControllerEvents extends ParcelClickHandlers {
  /** After the camera settles (moveend/zoomend), never per frame. */
  viewChanged(view: MapView): void;
  styleLoadStarted(styleId: string): void;
  /** `styleId` is the config entry the loaded style matched, or null; also sent on the 10 s time-out. */
  styleLoadFinished(styleId: string | null): void;
}

export interface MapController {
  setSelectedPin(pin: string | null): void;
  /** Switches the base map; an unknown id is ignored with a warning (SPEC §4). */
  setStyle(styleId: string): void;
  flyTo(target: LngLatValue & { zoom: number }): void;
  remove(): void;
}

export interface MapControllerOptions {
  container: HTMLElement | null;
  config: MapConfig;
  events: MapControllerEvents;
}

/** Creates the map; throws the SPEC §5 set-up errors, and removes a half-built map before rethrowing. */
export function createMapController({ container, config, events }: MapControllerOptions): MapController {
  if (!container) throw new Error('Map container element not found.');
  if (!config.accessToken) throw new Error('Mapbox Access Token missing.');
  const initialStyle = config.styles.find((style) => style.id === config.defaultStyleId) ?? config.styles[0];
  if (!initialStyle) throw new Error('No map styles configured.');

  // Map loads are counted through the events API only for Mapbox-hosted styles. With local styles
  // offline, pointing the API base away from Mapbox turns those calls (and their console errors) off.
  // This mapbox-gl copy is private to this remote, so the setting cannot leak to another map.
  if (!config.styles.some((style) => isMapboxHostedUrl(style.url))) {
    mapboxgl.baseApiUrl = new URL(initialStyle.url, window.location.href).origin;
  }

  const map = new mapboxgl.Map({
    container,
    accessToken: config.accessToken,
    style: initialStyle.url,
    center: [MAP_VIEW_DEFAULTS.lng, MAP_VIEW_DEFAULTS.lat],
    zoom: MAP_VIEW_DEFAULTS.zoom,
    minZoom: MAP_VIEW_DEFAULTS.minZoom,
    maxZoom: MAP_VIEW_DEFAULTS.maxZoom,
    localFontFamily: LOCAL_FONT_FAMILY,
    localIdeographFontFamily: LOCAL_FONT_FAMILY,
    attributionControl: false,
    trackResize: true,
    performanceMetricsCollection: false,
    collectResourceTiming: false,
  });

  try {
    return wireMap(map, container, config, initialStyle, events);
  } catch (error) {
    map.remove();
    throw error;
  }
}

function wireMap(
  map: mapboxgl.Map,
  container: HTMLElement,
  config: MapConfig,
  initialStyle: MapStyleConfig,
  events: MapControllerEvents,
): MapController {
  map.addControl(new mapboxgl.AttributionControl({ compact: true }), 'bottom-right');
  map.addControl(new mapboxgl.ScaleControl({ unit: 'imperial', maxWidth: 100 }), 'bottom-left');

  const highlights: ParcelHighlights = { hoverPin: null, selectedPin: null };
  const interactions = attachParcelInteractions(map, highlights, events);
  let requestedStyleUrl = initialStyle.url;
  let loadTimers: ReturnType<typeof setTimeout>[] = [];

  const clearLoadTimers = () => {
    loadTimers.forEach(clearTimeout);
    loadTimers = [];
  };

  const startStyleLoad = (styleId: string) => {
    clearLoadTimers();
    events.styleLoadStarted(styleId);
    loadTimers.push(setTimeout(() => events.styleLoadFinished(null), STYLE_LOAD_TIMEOUT_MS));
  };

  const onStyleLoad = () => {
    const loadedName = map.getStyle()?.name;
    const matched = matchLoadedStyle(config.styles, { url: requestedStyleUrl, name: loadedName });
    installParcelLayers(map, config.parcelTilesUrl, {
      satellite: isSatelliteStyleName(matched?.name ?? loadedName),
      hoverPin: highlights.hoverPin,
      selectedPin: highlights.selectedPin,
    });
    clearLoadTimers();
    loadTimers.push(setTimeout(() => events.styleLoadFinished(matched?.id ?? null), STYLE_LOADING_CLEAR_DELAY_MS));
  };

  const reportView = () => {
    const { lng, lat } = map.getCenter();
    events.viewChanged({ lng, lat, zoom: map.getZoom() });
  };

  map.on('style.load', onStyleLoad);
  map.on('moveend', reportView);
  map.on('zoomend', reportView);
  map.on('load', () => {
    map.resize();
    reportView();
  });
  map.on('error', (event) => console.error('Map error:', event.error));

  // A DOM-visible 'everything drawn' state: end-to-end tests and embedding pages wait on it.
  const markRendering = () => (container.dataset.mapState = 'rendering');
  map.on('movestart', markRendering);
  map.on('dataloading', markRendering);
  map.on('idle', () => {
    container.dataset.mapState = map.getSource(PARCEL_SOURCE_ID) && map.isSourceLoaded(PARCEL_SOURCE_ID) ? 'idle' : 'rendering';
  });

  // trackResize follows the window; the container can also change size on its own (panels, embeds).
  const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.resize());
  resizeObserver?.observe(container);

  startStyleLoad(initialStyle.id);

  return {
    setSelectedPin(pin) {
      const next = pin || null;
      if (next) interactions.clearHover();
      if (highlights.selectedPin === next) return;
      highlights.selectedPin = next;
      setHighlightPin(map, PARCEL_LAYER_IDS.selected, next);
    },
    setStyle(styleId) {
      const style = config.styles.find((candidate) => candidate.id === styleId);
      if (!style) {
        console.warn(`Unknown map style id '${styleId}' ignored.`);
        return;
      }
      requestedStyleUrl = style.url;
      startStyleLoad(style.id);
      try {
        // diff: false so style.load fires and the parcel layers are re-added on the new style.
        map.setStyle(style.url, { diff: false, localFontFamily: LOCAL_FONT_FAMILY, localIdeographFontFamily: LOCAL_FONT_FAMILY });
      } catch (error) {
        console.error('Map style change failed:', error);
        clearLoadTimers();
        events.styleLoadFinished(null);
      }
    },
    flyTo({ lng, lat, zoom }) {
      map.flyTo({ center: [lng, lat], zoom, essential: true });
    },
    remove() {
      clearLoadTimers();
      resizeObserver?.disconnect();
      interactions.detach();
      map.remove();
    },
  };
}
