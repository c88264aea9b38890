// What the rest of the screen knows about the map: the settled camera, the base map and set-up
// failures. Filled from map events; never the map itself.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@parcel-map/shared';
import { MAP_VIEW_DEFAULTS } from '../../map/mapDefaults.ts';

/** The overlay switches: the Overlays panel's three and the contour toggle. */
export interface MapOverlaysState {
  ownerNames: boolean;
  savedParcels: boolean;
  parcelOutlines: boolean;
  contours: boolean;
}
export type MapOverlay = keyof MapOverlaysState;

interface MapViewState {
  center: { lng: number; lat: number };
  zoom: number;
  /** The config id of the loaded base map, or null if it matched none (or timed out). */
  styleId: string | null;
  isStyleLoading: boolean;
  /** The style whose fetch failed, until another load starts or finishes. */
  failedStyleId: string | null;
  /**
   * Imagery base maps whose service did not answer, each with the base map shown instead; one is
   * forgotten when it is asked for again.
   */
  notAnsweringBaseMaps: Record<string, string>;
  /** The base map found not answering last, said in a notice until dismissed or asked for again. */
  notAnsweringNotice: string | null;
  setupError: string | null;
  overlays: MapOverlaysState;
  /**
   * The county's overlay layers switched on (GET /api/overlays names them), in the order switched
   * on. A name no longer served stays harmless: only the served ones are listed and drawn.
   */
  overlayLayers: string[];
  /** The view's parcel tiles are loading (the slim indicator). */
  parcelTilesLoading: boolean;
  /** Why 'My location' found nothing, until it is dismissed or a position is found. */
  locationProblem: string | null;
}

const initialState: MapViewState = {
  center: { lng: MAP_VIEW_DEFAULTS.lng, lat: MAP_VIEW_DEFAULTS.lat },
  zoom: MAP_VIEW_DEFAULTS.zoom,
  styleId: null,
  isStyleLoading: false,
  failedStyleId: null,
  notAnsweringBaseMaps: {},
  notAnsweringNotice: null,
  setupError: null,
  overlays: { ownerNames: true, savedParcels: false, parcelOutlines: true, contours: false },
  overlayLayers: [],
  parcelTilesLoading: false,
  locationProblem: null,
};

export const mapViewSlice = createSlice({
  name: 'mapView',
  initialState,
  reducers: {
    mapViewSettled: (state, action: PayloadAction<{ lng: number; lat: number; zoom: number }>) => {
      const { lng, lat, zoom } = action.payload;
      state.center = { lng, lat };
      state.zoom = zoom;
    },
    mapStyleLoadStarted: (state, action: PayloadAction<{ styleId: string }>) => {
      state.isStyleLoading = true;
      state.failedStyleId = null;
      delete state.notAnsweringBaseMaps[action.payload.styleId];
      if (state.notAnsweringNotice === action.payload.styleId) state.notAnsweringNotice = null;
    },
    mapBaseMapNotAnswering: (state, action: PayloadAction<{ styleId: string; showingId: string }>) => {
      state.notAnsweringBaseMaps[action.payload.styleId] = action.payload.showingId;
      state.notAnsweringNotice = action.payload.styleId;
    },
    notAnsweringNoticeDismissed: (state) => {
      state.notAnsweringNotice = null;
    },
    mapStyleLoadFinished: (state, action: PayloadAction<{ styleId: string | null }>) => {
      state.isStyleLoading = false;
      state.failedStyleId = null;
      state.styleId = action.payload.styleId;
    },
    mapStyleLoadFailed: (state, action: PayloadAction<{ styleId: string }>) => {
      state.isStyleLoading = false;
      state.failedStyleId = action.payload.styleId;
    },
    mapSetupFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.setupError = action.payload.message;
      state.isStyleLoading = false;
    },
    mapSetupStarted: (state) => {
      state.setupError = null;
    },
    parcelTilesLoadStarted: (state) => {
      state.parcelTilesLoading = true;
    },
    parcelTilesLoaded: (state) => {
      state.parcelTilesLoading = false;
    },
    myLocationFound: (state) => {
      state.locationProblem = null;
    },
    myLocationFailed: (state, action: PayloadAction<{ message: string }>) => {
      state.locationProblem = action.payload.message;
    },
    myLocationProblemDismissed: (state) => {
      state.locationProblem = null;
    },
    /** A shared link's overlays: every switch as the link says. */
    mapOverlaysRestored: (state, action: PayloadAction<{ overlays: MapOverlaysState }>) => {
      state.overlays = { ...action.payload.overlays };
    },
    mapOverlayToggled: (state, action: PayloadAction<{ overlay: MapOverlay }>) => {
      const { overlay } = action.payload;
      state.overlays[overlay] = !state.overlays[overlay];
    },
    /** An overlay layer switched on or off in the Overlays panel. */
    overlayLayerToggled: (state, action: PayloadAction<{ name: string }>) => {
      const { name } = action.payload;
      state.overlayLayers = state.overlayLayers.includes(name) ? state.overlayLayers.filter((shown) => shown !== name) : [...state.overlayLayers, name];
    },
    /** A link's overlay layers: exactly those on. */
    overlayLayersRestored: (state, action: PayloadAction<{ names: string[] }>) => {
      state.overlayLayers = [...new Set(action.payload.names)];
    },
  },
  selectors: {
    selectMapZoom: (state) => state.zoom,
    selectMapCenter: (state) => state.center,
    selectMapStyleId: (state) => state.styleId,
    selectIsMapStyleLoading: (state) => state.isStyleLoading,
    selectFailedMapStyleId: (state) => state.failedStyleId,
    selectNotAnsweringBaseMaps: (state) => state.notAnsweringBaseMaps,
    selectNotAnsweringNotice: (state) => state.notAnsweringNotice,
    selectMapSetupError: (state) => state.setupError,
    selectMapOverlays: (state) => state.overlays,
    selectShownOverlayLayers: (state) => state.overlayLayers,
    selectParcelTilesLoading: (state) => state.parcelTilesLoading,
    selectLocationProblem: (state) => state.locationProblem,
  },
});

declare module '@parcel-map/shared' {
  interface LazyLoadedSlices {
    mapView: MapViewState;
  }
}

const injectedMapViewSlice = mapViewSlice.injectInto(rootReducer);

export const {
  mapViewSettled,
  mapStyleLoadStarted,
  mapStyleLoadFinished,
  mapStyleLoadFailed,
  mapBaseMapNotAnswering,
  notAnsweringNoticeDismissed,
  mapSetupFailed,
  mapSetupStarted,
  mapOverlayToggled,
  mapOverlaysRestored,
  overlayLayerToggled,
  overlayLayersRestored,
  parcelTilesLoadStarted,
  parcelTilesLoaded,
  myLocationFound,
  myLocationFailed,
  myLocationProblemDismissed,
} = mapViewSlice.actions;
export const {
  selectMapZoom,
  selectMapCenter,
  selectMapStyleId,
  selectIsMapStyleLoading,
  selectFailedMapStyleId,
  selectNotAnsweringBaseMaps,
  selectNotAnsweringNotice,
  selectMapSetupError,
  selectMapOverlays,
  selectShownOverlayLayers,
  selectParcelTilesLoading,
  selectLocationProblem,
} = injectedMapViewSlice.selectors;
