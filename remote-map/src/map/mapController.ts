// Owns the mapbox-gl Map of the map screen and everything added to it: nothing else holds the map.
// React code asks for what it wants through the MapController this returns; the map reports back
// through MapControllerEvents.
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { MapStyleConfig, RuntimeConfig } from '@parcel-map/shared';
import type { CentreTarget } from './centreTarget.ts';
import { attachParcelInteractions, type ParcelClickHandlers } from './parcelInteractions.ts';
import { isMapboxHostedUrl, isSatelliteStyleName, matchLoadedStyle } from './mapStyles.ts';
import { MAP_VIEW_DEFAULTS } from './mapDefaults.ts';
import { createStyleLoadTracker, findStyle, type StyleLoadEvents } from './styleLoad.ts';
import { tileWorkerCount } from './tileWorkers.ts';
import { publishMapState } from './mapStatePublication.ts';
import { createMapTeardown } from './mapTeardown.ts';
import { addSearchControl, type SearchBox, type SearchControlOptions } from './searchControl.ts';
import { createMeasureTool, type MeasureTool, type MeasureToolEvents } from './measureTool.ts';
import { captureMap, type CaptureRequest, type MapCapture } from './mapCapture.ts';
import { countyTileRequests } from './countyTileRequests.ts';
import { motionOptions } from './reducedMotion.ts';
import { overlayFeaturesAt, type OverlayFeatureHit } from './overlayLayers.ts';
import type { DrawnLayer, LoadedStyle } from './drawnLayer.ts';
import { DRAWN_LAYER_NAMES, DRAWN_LAYERS, initialDrawing, type DrawnLayerName, type MapDrawing } from './drawnLayers.ts';
import { createPanelReveal } from './panelReveal.ts';
import { parcelTilesLoaded, reportParcelTilesProgress } from './parcelTilesProgress.ts';
import { watchImageryTiles } from './imageryTileHealth.ts';

export type MapConfig = RuntimeConfig['map'];

/** Glyphs are drawn from a local font, so no glyph server is needed. */
const LOCAL_FONT_FAMILY = 'sans-serif';


interface MapView {
  lng: number;
  lat: number;
  zoom: number;
}

export interface MapControllerEvents extends ParcelClickHandlers, StyleLoadEvents {
  /** After the camera settles (moveend/zoomend), never per frame. */
  viewChanged(view: MapView): void;
  /** The view's parcel tiles started or finished loading (a slim indicator shows meanwhile). */
  parcelTilesLoading(loading: boolean): void;
  /**
   * A click, with the features of the overlay layers drawn under it (none: an empty list). Sent
   * beside the parcel click: the same click selects the parcel and shows what overlays it is in.
   */
  overlayFeaturesClicked(click: OverlayClick): void;
  /**
   * The loaded imagery base map's tiles all failed (its service is down): the map went back to the
   * base map shown before it (`showingId`), never left blank.
   */
  baseMapNotAnswering(change: { styleId: string; showingId: string }): void;
}

/** Where a click on the map was, and the overlay features under it. */
export interface OverlayClick {
  lngLat: { lng: number; lat: number };
  features: OverlayFeatureHit[];
}

export interface MapController {
  /**
   * Changes what one drawn layer shows (drawnLayers.ts lists them): the fields given, the others
   * kept. Drawn at once when a style is loaded, else when it has.
   */
  draw<Name extends DrawnLayerName>(layer: Name, change: Partial<MapDrawing[Name]>): void;
  /** Selects a parcel (or none); a selection ends the hover highlight. */
  setSelectedPin(pin: string | null): void;
  /** Shows a [west, south, east, north] extent without animation (the initial view an administrator set). */
  showBounds(bounds: [number, number, number, number]): void;
  /** Shows `content` in a popup pointing at a place, following it as the map moves; call the result to remove it. */
  showPopup(at: { lng: number; lat: number }, content: HTMLElement): () => void;
  /** Flies to a point or fits bounds. */
  centreOn(target: CentreTarget): void;
  zoomBy(delta: number): void;
  /** Moves the camera without animation (deep links, back/forward). */
  jumpTo(view: MapView): void;
  flyTo(view: MapView): void;
  /**
   * Keeps a point in the part of the map not covered by `coverBottomPx` of panel: if it is under the
   * panel (or off the top), the map pans so it sits in the middle of the uncovered part — once the
   * camera has settled, so a flight (a search result) ends first. Answers a function that withdraws
   * the request while it waits.
   */
  keepVisibleAbove(point: { lng: number; lat: number }, coverBottomPx: number): () => void;
  /**
   * The print's map picture (mapCapture.ts): the map drawn at `request` and copied once idle there,
   * then put back; the store hears of no view change meanwhile. Rejects when `signal` aborts.
   */
  capture(request: CaptureRequest, signal: AbortSignal): Promise<MapCapture>;
  /** Switches the base map; an unknown id is ignored with a warning (SPEC §4). */
  setStyle(styleId: string): void;
  /** The base maps of the imagery layers served now, which setStyle knows beside the configured ones. */
  setImageryStyles(styles: readonly MapStyleConfig[]): void;
  /** Adds the search box to `slot`, outside the map (Mapbox geocoding too when the styles are Mapbox-hosted). */
  addSearchControl(slot: HTMLElement, options: Pick<SearchControlOptions, 'searchParcels' | 'parcelChosen' | 'allResultsRequested'>): SearchBox;
  /** Adds the measure tools (a hidden Draw); their remove() takes them and their drawings off the map. */
  addMeasureTool(events: MeasureToolEvents): MeasureTool;
  /** Takes what was added off the map, then removes the map; each once, whatever is called later. */
  remove(): void;
}

export interface MapControllerOptions {
  container: HTMLElement | null;
  config: MapConfig;
  /** The API the parcel and overlay tiles come from (runtime config `apiBaseUrl`). */
  apiBaseUrl: string;
  /** The session token now (it is refreshed): sent with the county data tile requests. */
  sessionToken: () => string | null;
  events: MapControllerEvents;
}

/** Creates the map; throws the SPEC §5 set-up errors, and removes a half-built map before rethrowing. */
export function createMapController({ container, config, apiBaseUrl, sessionToken, events }: MapControllerOptions): MapController {
  if (!container) throw new Error('Map container element not found.');
  if (!config.accessToken) throw new Error('Mapbox Access Token missing.');
  const initialStyle = config.styles.find((style) => style.id === config.defaultStyleId) ?? config.styles[0];
  if (!initialStyle) throw new Error('No map styles configured.');

  // Map loads are counted through the events API only for Mapbox-hosted styles. With local styles
  // offline, pointing the API base away from Mapbox turns those calls (and their console errors) off.
  // This mapbox-gl copy is private to this remote, so the setting cannot leak to another map.
  const online = config.styles.some((style) => isMapboxHostedUrl(style.url));
  if (!online) {
    mapboxgl.baseApiUrl = new URL(initialStyle.url, window.location.href).origin;
  }
  // Read when the worker pool starts, with the first map of the page.
  mapboxgl.workerCount = tileWorkerCount(navigator.hardwareConcurrency);

  const map = new mapboxgl.Map({
    container,
    accessToken: config.accessToken,
    style: initialStyle.url,
    center: [config.initialView.lng, config.initialView.lat],
    zoom: config.initialView.zoom,
    minZoom: MAP_VIEW_DEFAULTS.minZoom,
    maxZoom: MAP_VIEW_DEFAULTS.maxZoom,
    localFontFamily: LOCAL_FONT_FAMILY,
    localIdeographFontFamily: LOCAL_FONT_FAMILY,
    attributionControl: false,
    trackResize: true,
    performanceMetricsCollection: false,
    collectResourceTiming: false,
    // The print report copies the canvas; without this the buffer is blank outside a frame.
    preserveDrawingBuffer: true,
    ...motionOptions(),
    transformRequest: countyTileRequests(apiBaseUrl, sessionToken),
  });

  try {
    return controlMap(map, { container, config, initialStyle, online, events });
  } catch (error) {
    map.remove();
    throw error;
  }
}

export interface ControlledMap {
  container: HTMLElement;
  config: MapConfig;
  /** The style the map was created with. */
  initialStyle: MapStyleConfig;
  /** With Mapbox-hosted styles (and so Mapbox geocoding). */
  online: boolean;
  events: MapControllerEvents;
}

/** Wires a created map to its controller: everything the map draws and reports goes through here. */
export function controlMap(map: mapboxgl.Map, { container, config, initialStyle, online, events }: ControlledMap): MapController {
  // mapbox-gl puts its controls after the canvas; the canvas last, Tab reaches the map's own controls
  // (the attribution) with the screen's before the map itself (issue #44). They still paint over it:
  // their corners have a z-index, the canvas none.
  container.append(map.getCanvasContainer());
  map.addControl(new mapboxgl.AttributionControl({ compact: true }), 'bottom-right');
  map.addControl(new mapboxgl.ScaleControl({ unit: 'imperial', maxWidth: 100 }), 'bottom-left');

  const state = {
    /** What each drawn layer shows, whether or not a style is loaded to draw it on. */
    drawing: initialDrawing(config),
    /**
     * The base map the layers are drawn on; null until a style has loaded and from each style
     * asked for until it has, when there is nothing to draw on: the one test of readiness.
     */
    style: null as LoadedStyle | null,
    requestedStyleUrl: initialStyle.url,
    imageryStyles: [] as readonly MapStyleConfig[],
    /** The config id the loaded style matched (null: none, or none loaded yet). */
    loadedStyleId: null as string | null,
    /** Where to go back to if the base map asked for last turns out not to answer. */
    fallbackStyleId: initialStyle.id,
    /** Base maps found not answering: never a fallback. */
    notAnswering: new Set<string>(),
    /** While the print's picture is drawn the camera is not the user's: its moves are not reported. */
    capturing: false,
  };
  const knownStyles = () => [...config.styles, ...state.imageryStyles];

  const publishLayer = (name: DrawnLayerName) => {
    const layer = DRAWN_LAYERS[name] as DrawnLayer<MapDrawing[typeof name]>;
    if (layer.published) publishMapState(container, layer.published(state.drawing[name], map));
  };

  const draw = <Name extends DrawnLayerName>(name: Name, change: Partial<MapDrawing[Name]>) => {
    const previous = state.drawing[name];
    if ((Object.keys(change) as (keyof MapDrawing[Name])[]).every((key) => change[key] === previous[key])) return;
    const next = { ...previous, ...change };
    state.drawing[name] = next;
    if (!state.style) return;
    (DRAWN_LAYERS[name] as DrawnLayer<MapDrawing[Name]>).update(map, next, previous, state.style);
    publishLayer(name);
  };

  const interactions = attachParcelInteractions(map, { selectedPin: () => state.drawing.parcels.selectedPin, hover: (hoverPin) => draw('parcels', { hoverPin }) }, events);
  const reveal = createPanelReveal(map, container);
  const styleLoad = createStyleLoadTracker(events);

  // On the first frame drawn with the view's parcel tiles loaded after a style load (before 'idle',
  // which also waits for roads and water): `npm run bench` times navigation to the first parcels
  // drawn, and the highlight layers are shown (docs/performance-archive.md: first parcels drawn p50
  // 2,982 → 2,440 ms).
  const afterParcelsDrawn = () => {
    if (!parcelTilesLoaded(map)) return;
    map.off('render', afterParcelsDrawn);
    publishMapState(container, { parcelsDrawn: 'true' });
    draw('parcels', { showHighlights: true });
  };

  const onStyleLoad = () => {
    const loadedName = map.getStyle()?.name;
    const matched = matchLoadedStyle(knownStyles(), { url: state.requestedStyleUrl, name: loadedName });
    // Either name may say so: an imagery base map's menu entry does not, its style's own name does.
    state.style = { satellite: isSatelliteStyleName(matched?.name) || isSatelliteStyleName(loadedName) };
    state.drawing.parcels = { ...state.drawing.parcels, showHighlights: false };
    for (const name of DRAWN_LAYER_NAMES) {
      (DRAWN_LAYERS[name] as DrawnLayer<MapDrawing[typeof name]>).install(map, state.drawing[name], state.style);
      publishLayer(name);
    }
    map.off('render', afterParcelsDrawn);
    map.on('render', afterParcelsDrawn);
    publishMapState(container, { styleId: matched?.id ?? '' });
    state.loadedStyleId = matched?.id ?? null;
    styleLoad.loaded(matched?.id ?? null);
  };

  const reportView = () => {
    if (state.capturing) return;
    const { lng, lat } = map.getCenter();
    events.viewChanged({ lng, lat, zoom: map.getZoom() });
  };

  map.on('style.load', onStyleLoad);
  const onOverlayClick = (event: mapboxgl.MapMouseEvent) => {
    const { lng, lat } = event.lngLat;
    events.overlayFeaturesClicked({ lngLat: { lng, lat }, features: overlayFeaturesAt(map, event.point, state.drawing.overlays.overlays) });
  };
  map.on('click', onOverlayClick);
  map.on('moveend', reportView);
  map.on('zoomend', reportView);
  map.on('load', () => {
    map.resize();
    reportView();
  });
  map.on('error', (event) => {
    console.error('Map error:', event.error);
    // Source errors (tiles) carry their source id and are only logged (SPEC §8); an error without
    // one while a style is pending is that style's own fetch failing.
    if (!('sourceId' in event)) styleLoad.errored();
  });

  // A DOM-visible 'everything drawn' state: end-to-end tests and embedding pages wait on it.
  const markRendering = () => publishMapState(container, { mapState: 'rendering' });
  map.on('movestart', markRendering);
  map.on('dataloading', markRendering);
  map.on('idle', () => publishMapState(container, { mapState: parcelTilesLoaded(map) ? 'idle' : 'rendering' }));
  reportParcelTilesProgress(map, (loading) => events.parcelTilesLoading(loading));

  // trackResize follows the window; the container can also change size on its own (panels, embeds).
  const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.resize());
  resizeObserver?.observe(container);

  const setStyle = (styleId: string) => {
    const style = findStyle(knownStyles(), styleId);
    if (!style) return;
    if (state.loadedStyleId !== null && state.loadedStyleId !== style.id && !state.notAnswering.has(state.loadedStyleId)) state.fallbackStyleId = state.loadedStyleId;
    state.notAnswering.delete(style.id);
    state.requestedStyleUrl = style.url;
    styleLoad.started(style.id);
    try {
      // diff: false so style.load fires and the layers are installed afresh on the new style.
      map.setStyle(style.url, { diff: false, localFontFamily: LOCAL_FONT_FAMILY, localIdeographFontFamily: LOCAL_FONT_FAMILY });
      state.style = null;
      state.loadedStyleId = null;
    } catch (error) {
      console.error('Map style change failed:', error);
      styleLoad.dispose();
      events.styleLoadFinished(null);
    }
  };

  // An imagery service that is down would leave only a dark background: back to the base map before it.
  const imageryHealth = watchImageryTiles(map, () => {
    const styleId = state.loadedStyleId;
    if (styleId === null) return;
    state.notAnswering.add(styleId);
    const showingId = state.notAnswering.has(state.fallbackStyleId) ? initialStyle.id : state.fallbackStyleId;
    events.baseMapNotAnswering({ styleId, showingId });
    setStyle(showingId);
  });

  styleLoad.started(initialStyle.id);

  const teardown = createMapTeardown(() => {
    reveal.cancel();
    styleLoad.dispose();
    imageryHealth.detach();
    resizeObserver?.disconnect();
    interactions.detach();
    map.off('click', onOverlayClick);
    map.remove();
  });

  return {
    draw,
    setSelectedPin(pin) {
      const selectedPin = pin || null;
      if (selectedPin) interactions.clearHover();
      draw('parcels', { selectedPin });
    },
    showBounds(bounds) {
      map.fitBounds(bounds, { animate: false, padding: 24 });
    },
    showPopup(at, content) {
      // Our own close button and Escape close it; a click elsewhere is the map's to decide.
      const popup = new mapboxgl.Popup({ closeButton: false, closeOnClick: false, focusAfterOpen: false, maxWidth: '20rem', className: 'overlay-popup' })
        .setLngLat([at.lng, at.lat])
        .setDOMContent(content)
        .addTo(map);
      return teardown.track(() => popup.remove());
    },
    centreOn(target) {
      if (target.kind === 'point') map.flyTo({ center: [target.lng, target.lat], zoom: target.zoom });
      else map.fitBounds(target.bounds, { padding: target.padding, maxZoom: target.maxZoom });
    },
    zoomBy(delta) {
      map.easeTo({ zoom: map.getZoom() + delta });
    },
    jumpTo({ lng, lat, zoom }) {
      map.jumpTo({ center: [lng, lat], zoom });
    },
    flyTo({ lng, lat, zoom }) {
      map.flyTo({ center: [lng, lat], zoom });
    },
    keepVisibleAbove: (point, coverBottomPx) => reveal.keepVisibleAbove(point, coverBottomPx),
    async capture(request, signal) {
      state.capturing = true;
      try {
        return await captureMap(map, container, request, signal);
      } finally {
        state.capturing = false;
      }
    },
    setStyle,
    setImageryStyles(styles) {
      state.imageryStyles = styles;
    },
    addSearchControl(slot, options) {
      const box = addSearchControl(map, slot, { ...options, accessToken: config.accessToken, online });
      return { ...box, remove: teardown.track(() => box.remove()) };
    },
    addMeasureTool(toolEvents) {
      const tool = createMeasureTool(map, toolEvents);
      return { ...tool, remove: teardown.track(() => tool.remove()) };
    },
    remove: () => teardown.run(),
  };
}
