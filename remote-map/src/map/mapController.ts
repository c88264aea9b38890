// Owns the mapbox-gl Map of the map screen and everything added to it: nothing else holds the map.
// React code asks for what it wants through the MapController this returns; the map reports back
// through MapControllerEvents.
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { Markup, MapStyleConfig, RuntimeConfig } from '@parcel-map/shared';
import {
  HIGHLIGHT_LAYER_IDS,
  installParcelLayers,
  PARCEL_LAYER_IDS,
  PARCEL_SOURCE_ID,
  setHighlightPin,
  setLayerVisible,
  setOutlinesVisible,
  setParcelTilesUrl,
  versionedTilesUrl,
} from './parcelLayers.ts';
import { CONTOUR_LAYER_IDS, installContourLayers, setContoursVisible } from './contourLayers.ts';
import { installSavedParcels, savedParcelsCollection, SAVED_LAYER_IDS, type SavedParcelPoint } from './savedParcelsLayer.ts';
import { installMarkups, markupsCollection } from './markupsLayer.ts';
import type { CentreTarget } from './centreTarget.ts';
import { attachParcelInteractions, type ParcelClickHandlers, type ParcelHighlights } from './parcelInteractions.ts';
import { isMapboxHostedUrl, isSatelliteStyleName, matchLoadedStyle } from './mapStyles.ts';
import { MAP_VIEW_DEFAULTS } from './mapDefaults.ts';
import { createStyleLoadTracker, findStyle, type StyleLoadEvents } from './styleLoad.ts';
import { tileWorkerCount } from './tileWorkers.ts';
import { publishMapState, type LayerVisibility } from './mapStatePublication.ts';
import { createMapTeardown } from './mapTeardown.ts';
import { addSearchControl, type SearchBox, type SearchControlOptions } from './searchControl.ts';
import { installFindings, type Finding } from './findingsLayer.ts';
import type { FeatureCollection } from 'geojson';
import { createMeasureTool, type MeasureTool, type MeasureToolEvents } from './measureTool.ts';
import { installMyLocation, type MyLocation } from './myLocationLayer.ts';
import { countyTileRequests } from './countyTileRequests.ts';
import { drawnOverlayNames, installOverlayLayers, overlayFeaturesAt, type OverlayFeatureHit, type OverlayLayer } from './overlayLayers.ts';

export type MapConfig = RuntimeConfig['map'];

/** Glyphs are drawn from a local font, so no glyph server is needed. */
const LOCAL_FONT_FAMILY = 'sans-serif';


export interface MapView {
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
}

/** Where a click on the map was, and the overlay features under it. */
export interface OverlayClick {
  lngLat: { lng: number; lat: number };
  features: OverlayFeatureHit[];
}

/** The overlay switches of the Overlays panel and the contour toggle. */
export interface MapOverlays {
  ownerNames: boolean;
  savedParcels: boolean;
  parcelOutlines: boolean;
  contours: boolean;
}

export const DEFAULT_OVERLAYS: MapOverlays = { ownerNames: true, savedParcels: false, parcelOutlines: true, contours: false };

/** The map's picture and the view it shows, for the print report. */
export interface MapSnapshot extends MapView {
  /** PNG data URL. */
  image: string;
  /** CSS width of the map when the picture was taken. */
  widthPx: number;
}

export interface MapController {
  setSelectedPin(pin: string | null): void;
  /** The parcels' data version (GET /api/datasets): their tiles are asked for with it, and reloaded when it changes. */
  setDataVersion(version: number): void;
  /** Shows a [west, south, east, north] extent without animation (the initial view an administrator set). */
  showBounds(bounds: [number, number, number, number]): void;
  setOverlays(overlays: MapOverlays): void;
  /** Draws exactly these overlay layers (the county's, from GET /api/overlays). */
  setOverlayLayers(layers: readonly OverlayLayer[]): void;
  /** Shows `content` in a popup pointing at a place, following it as the map moves; call the result to remove it. */
  showPopup(at: { lng: number; lat: number }, content: HTMLElement): () => void;
  setSavedParcels(points: readonly SavedParcelPoint[]): void;
  /** The user's markups; the shown ones are drawn. */
  setMarkups(markups: readonly Markup[]): void;
  /** Flies to a point or fits bounds. */
  centreOn(target: CentreTarget): void;
  zoomBy(delta: number): void;
  /** Moves the camera without animation (deep links, back/forward). */
  jumpTo(view: MapView): void;
  flyTo(view: MapView): void;
  /**
   * Keeps a point in the part of the map not covered by `coverBottomPx` of panel: if it is under the
   * panel (or off the top), the map pans so it sits in the middle of the uncovered part — once the
   * camera has settled, so a flight (a search result) ends first.
   */
  keepVisibleAbove(point: { lng: number; lat: number }, coverBottomPx: number): void;
  /** Draws the position dot and accuracy circle, and flies there. */
  showMyLocation(location: MyLocation, zoom: number): void;
  snapshot(): MapSnapshot;
  /** Switches the base map; an unknown id is ignored with a warning (SPEC §4). */
  setStyle(styleId: string): void;
  /** Adds the search box (Mapbox geocoding too when the styles are Mapbox-hosted). */
  addSearchControl(options: Pick<SearchControlOptions, 'searchParcels' | 'parcelChosen' | 'allResultsRequested'>): SearchBox;
  /** Draws the parcel finder's results or nearby list (empty: nothing). */
  setFindings(findings: FeatureCollection<Finding['geometry'], Finding['properties']>): void;
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
    transformRequest: countyTileRequests(apiBaseUrl, sessionToken),
  });

  try {
    return wireMap(map, container, config, initialStyle, online, events);
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
  online: boolean,
  events: MapControllerEvents,
): MapController {
  map.addControl(new mapboxgl.AttributionControl({ compact: true }), 'bottom-right');
  map.addControl(new mapboxgl.ScaleControl({ unit: 'imperial', maxWidth: 100 }), 'bottom-left');

  const highlights: ParcelHighlights = { hoverPin: null, selectedPin: null };
  let overlays: MapOverlays = { ...DEFAULT_OVERLAYS };
  let overlayLayers: readonly OverlayLayer[] = [];
  // Above the base map's roads and water, under every label and every parcel layer.
  const showOverlayLayers = () => {
    installOverlayLayers(map, overlayLayers, map.getLayer(PARCEL_LAYER_IDS.label) ? PARCEL_LAYER_IDS.label : PARCEL_LAYER_IDS.fill);
    publishMapState(container, { overlayLayers: drawnOverlayNames(map).join(',') });
  };
  let savedPoints: readonly SavedParcelPoint[] = [];
  let markups: readonly Markup[] = [];
  let dataVersion: number | undefined;
  const parcelTilesUrl = () => versionedTilesUrl(config.parcelTilesUrl, dataVersion);
  let myLocation: MyLocation | null = null;
  let findings: FeatureCollection | null = null;
  const showFindings = () => {
    if (!findings) return;
    installFindings(map, findings);
    publishMapState(container, { findings: findings.features.length > 0 ? findings.features.length : null });
  };
  // keepVisibleAbove's latest request, done once the camera has settled.
  let revealTarget: { point: { lng: number; lat: number }; coverBottomPx: number } | null = null;
  const revealWhenSettled = () => {
    // A frame later, as a move that ends because another starts (a flight interrupted by a flight)
    // is not the end: the next one is moving by then, and its end is waited for instead.
    requestAnimationFrame(() => {
      if (!revealTarget) return;
      if (map.isMoving()) {
        map.once('moveend', revealWhenSettled);
        return;
      }
      const { point, coverBottomPx } = revealTarget;
      revealTarget = null;
      const visible = container.clientHeight - coverBottomPx;
      // A margin of a sixth of what is visible: a parcel at the very edge is not 'visible'.
      const margin = Math.min(48, visible / 6);
      const { y } = map.project([point.lng, point.lat]);
      if (visible <= 0 || (y >= margin && y <= visible - margin)) return;
      map.panBy([0, y - visible / 2]);
    });
  };
  const interactions = attachParcelInteractions(map, highlights, events);
  let requestedStyleUrl = initialStyle.url;
  const styleLoad = createStyleLoadTracker(events);

  const onStyleLoad = () => {
    const loadedName = map.getStyle()?.name;
    const matched = matchLoadedStyle(config.styles, { url: requestedStyleUrl, name: loadedName });
    const satellite = isSatelliteStyleName(matched?.name ?? loadedName);
    installParcelLayers(map, parcelTilesUrl(), {
      satellite,
      hoverPin: highlights.hoverPin,
      selectedPin: highlights.selectedPin,
      showLabels: overlays.ownerNames,
      showOutlines: overlays.parcelOutlines,
      showHighlights: false,
    });
    map.off('render', afterParcelsDrawn);
    map.on('render', afterParcelsDrawn);
    // Contours go under the parcels; saved-parcel markers on top of everything.
    installContourLayers(map, config.contourTilesUrl, { visible: overlays.contours, satellite, beforeId: PARCEL_LAYER_IDS.fill });
    showOverlayLayers();
    installSavedParcels(map, savedPoints, overlays.savedParcels);
    installMarkups(map, markups, SAVED_LAYER_IDS.halo);
    installMyLocation(map, myLocation);
    showFindings();
    publishMapState(container, { styleId: matched?.id ?? '' });
    publishLayerState();
    styleLoad.loaded(matched?.id ?? null);
  };

  const publishLayerState = () => {
    const line = map.getLayer(PARCEL_LAYER_IDS.line);
    const color = line && 'metadata' in line ? (line.metadata as { outlineColor?: unknown } | undefined)?.outlineColor : undefined;
    const visibility = (id: string): LayerVisibility => (map.getLayer(id) ? (map.getLayoutProperty(id, 'visibility') === 'none' ? 'none' : 'visible') : 'absent');
    publishMapState(container, {
      outlineColor: typeof color === 'string' ? color : '',
      contours: visibility(CONTOUR_LAYER_IDS.line),
      ownerNames: visibility(PARCEL_LAYER_IDS.label),
      parcelOutlines: visibility(PARCEL_LAYER_IDS.line),
      savedParcels: visibility(SAVED_LAYER_IDS.marker),
    });
  };

  const reportView = () => {
    const { lng, lat } = map.getCenter();
    events.viewChanged({ lng, lat, zoom: map.getZoom() });
  };

  map.on('style.load', onStyleLoad);
  const onOverlayClick = (event: mapboxgl.MapMouseEvent) => {
    const { lng, lat } = event.lngLat;
    events.overlayFeaturesClicked({ lngLat: { lng, lat }, features: overlayFeaturesAt(map, event.point, overlayLayers) });
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
  map.on('idle', () => {
    publishMapState(container, { mapState: map.getSource(PARCEL_SOURCE_ID) && map.isSourceLoaded(PARCEL_SOURCE_ID) ? 'idle' : 'rendering' });
  });

  // The parcel tiles of the view loading: reported on a change only, never per tile.
  let parcelTilesLoading = false;
  const reportParcelTiles = (loading: boolean) => {
    if (loading === parcelTilesLoading) return;
    parcelTilesLoading = loading;
    events.parcelTilesLoading(loading);
  };
  map.on('dataloading', (event) => {
    if ('sourceId' in event && event.sourceId === PARCEL_SOURCE_ID) reportParcelTiles(true);
  });
  const checkParcelTiles = () => {
    if (parcelTilesLoading && map.getSource(PARCEL_SOURCE_ID) && map.isSourceLoaded(PARCEL_SOURCE_ID)) reportParcelTiles(false);
  };
  map.on('sourcedata', checkParcelTiles);
  map.on('idle', checkParcelTiles);
  // On the first frame drawn with the view's parcel tiles loaded after a style load (before 'idle',
  // which also waits for roads and water): `npm run bench` times navigation to the first parcels
  // drawn, and the highlight layers are shown. Until then their source — a second copy of the
  // parcel tiles — loads nothing, so the tile worker parses the parcels people see first
  // (docs/performance.md: first parcels drawn p50 2,982 → 2,440 ms).
  const afterParcelsDrawn = () => {
    if (!map.getSource(PARCEL_SOURCE_ID) || !map.isSourceLoaded(PARCEL_SOURCE_ID)) return;
    map.off('render', afterParcelsDrawn);
    publishMapState(container, { parcelsDrawn: 'true' });
    for (const id of HIGHLIGHT_LAYER_IDS) setLayerVisible(map, id, true);
  };

  // trackResize follows the window; the container can also change size on its own (panels, embeds).
  const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.resize());
  resizeObserver?.observe(container);

  styleLoad.started(initialStyle.id);

  const teardown = createMapTeardown(() => {
    revealTarget = null;
    styleLoad.dispose();
    resizeObserver?.disconnect();
    interactions.detach();
    map.off('click', onOverlayClick);
    map.remove();
  });

  return {
    setSelectedPin(pin) {
      const next = pin || null;
      if (next) interactions.clearHover();
      if (highlights.selectedPin === next) return;
      highlights.selectedPin = next;
      setHighlightPin(map, PARCEL_LAYER_IDS.selected, next);
      setHighlightPin(map, PARCEL_LAYER_IDS.selectedLine, next);
    },
    setDataVersion(version) {
      if (version === dataVersion) return;
      dataVersion = version;
      setParcelTilesUrl(map, parcelTilesUrl());
    },
    showBounds(bounds) {
      map.fitBounds(bounds, { animate: false, padding: 24 });
    },
    setOverlays(next) {
      overlays = { ...next };
      if (!map.isStyleLoaded() && !map.getLayer(PARCEL_LAYER_IDS.fill)) return;
      setLayerVisible(map, PARCEL_LAYER_IDS.label, next.ownerNames);
      setOutlinesVisible(map, next.parcelOutlines);
      setContoursVisible(map, next.contours);
      if (map.getSource(PARCEL_SOURCE_ID)) installSavedParcels(map, savedPoints, next.savedParcels);
      publishLayerState();
    },
    setOverlayLayers(layers) {
      overlayLayers = layers;
      if (map.getSource(PARCEL_SOURCE_ID)) showOverlayLayers();
    },
    showPopup(at, content) {
      // Our own close button and Escape close it; a click elsewhere is the map's to decide.
      const popup = new mapboxgl.Popup({ closeButton: false, closeOnClick: false, focusAfterOpen: false, maxWidth: '20rem', className: 'overlay-popup' })
        .setLngLat([at.lng, at.lat])
        .setDOMContent(content)
        .addTo(map);
      return teardown.track(() => popup.remove());
    },
    setSavedParcels(points) {
      savedPoints = points;
      if (map.getSource(PARCEL_SOURCE_ID)) installSavedParcels(map, savedPoints, overlays.savedParcels);
      publishMapState(container, { savedParcelCount: savedParcelsCollection(points).features.length });
    },
    setMarkups(next) {
      markups = next;
      if (map.getSource(PARCEL_SOURCE_ID)) installMarkups(map, markups, SAVED_LAYER_IDS.halo);
      publishMapState(container, { markups: markupsCollection(markups).features.length });
    },
    centreOn(target) {
      if (target.kind === 'point') map.flyTo({ center: [target.lng, target.lat], zoom: target.zoom, essential: true });
      else map.fitBounds(target.bounds, { padding: target.padding, maxZoom: target.maxZoom });
    },
    zoomBy(delta) {
      map.easeTo({ zoom: map.getZoom() + delta });
    },
    jumpTo({ lng, lat, zoom }) {
      map.jumpTo({ center: [lng, lat], zoom });
    },
    flyTo({ lng, lat, zoom }) {
      map.flyTo({ center: [lng, lat], zoom, essential: true });
    },
    keepVisibleAbove(point, coverBottomPx) {
      const waiting = revealTarget !== null;
      revealTarget = { point, coverBottomPx };
      if (!waiting) revealWhenSettled();
    },
    showMyLocation(location, zoom) {
      myLocation = location;
      if (map.getSource(PARCEL_SOURCE_ID)) installMyLocation(map, myLocation);
      map.flyTo({ center: [location.lng, location.lat], zoom, essential: true });
    },
    snapshot() {
      const { lng, lat } = map.getCenter();
      return { image: map.getCanvas().toDataURL('image/png'), lng, lat, zoom: map.getZoom(), widthPx: container.clientWidth };
    },
    setStyle(styleId) {
      const style = findStyle(config.styles, styleId);
      if (!style) return;
      requestedStyleUrl = style.url;
      styleLoad.started(style.id);
      try {
        // diff: false so style.load fires and the parcel layers are re-added on the new style.
        map.setStyle(style.url, { diff: false, localFontFamily: LOCAL_FONT_FAMILY, localIdeographFontFamily: LOCAL_FONT_FAMILY });
      } catch (error) {
        console.error('Map style change failed:', error);
        styleLoad.dispose();
        events.styleLoadFinished(null);
      }
    },
    setFindings(next) {
      findings = next;
      if (map.getSource(PARCEL_SOURCE_ID)) showFindings();
    },
    addSearchControl(options) {
      const box = addSearchControl(map, { ...options, accessToken: config.accessToken, online });
      return { ...box, remove: teardown.track(() => box.remove()) };
    },
    addMeasureTool(toolEvents) {
      const tool = createMeasureTool(map, toolEvents);
      return { ...tool, remove: teardown.track(() => tool.remove()) };
    },
    remove: () => teardown.run(),
  };
}
