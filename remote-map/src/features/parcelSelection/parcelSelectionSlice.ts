// Which parcel is selected and whether its details are on the way (SPEC §3 'Selected parcel state',
// §4 'Hover and selection'). Hover stays in the map: it changes per frame and nothing else reads it.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, savedParcelFocused, type GeoJSONGeometry, type LngLat, type RootState } from '@parcel-map/shared';
import { parcelsApi, selectCachedParcel } from './parcelsApi.ts';

export interface ParcelSelectionState {
  selectedPin: string | null;
  isPanelExpanded: boolean;
  /** The parcel-details request in flight, if any: clicks are ignored meanwhile. */
  pendingRequestId: string | null;
}

const initialState: ParcelSelectionState = {
  selectedPin: null,
  isPanelExpanded: false,
  pendingRequestId: null,
};

function deselect(state: ParcelSelectionState) {
  state.selectedPin = null;
  state.isPanelExpanded = false;
}

/** Selects a parcel by PIN whatever was selected, and opens its panel. */
function pick(state: ParcelSelectionState, pin: string) {
  if (state.selectedPin === pin) {
    state.isPanelExpanded = true;
    return;
  }
  state.selectedPin = pin;
  state.isPanelExpanded = true;
}

const { getParcel } = parcelsApi.endpoints;

export const parcelSelectionSlice = createSlice({
  name: 'parcelSelection',
  initialState,
  reducers: {
    /** A parcel on the map was clicked: selects it, or, with one already selected, only deselects. */
    parcelClicked: (state, action: PayloadAction<{ pin: string }>) => {
      if (state.pendingRequestId) return;
      if (state.selectedPin) {
        deselect(state);
        return;
      }
      state.selectedPin = action.payload.pin;
      state.isPanelExpanded = true;
    },
    /** A click on the map away from any parcel. */
    mapBackgroundClicked: (state) => {
      if (state.pendingRequestId) return;
      deselect(state);
    },
    /** A parcel was chosen by PIN (a search result, a deep link, back/forward): selects it whatever was selected. */
    parcelPicked: (state, action: PayloadAction<{ pin: string | null }>) => {
      const { pin } = action.payload;
      if (!pin) deselect(state);
      else pick(state, pin);
    },
    /** The detail panel was closed. */
    parcelDeselected: (state) => {
      deselect(state);
    },
  },
  extraReducers: (builder) => {
    builder
      // 'View on Map' in the saved list selects, highlights and opens the parcel (issue #25).
      .addCase(savedParcelFocused, (state, action) => {
        pick(state, action.payload.pin);
      })
      .addMatcher(getParcel.matchPending, (state, action) => {
        state.pendingRequestId = action.meta.requestId;
      })
      .addMatcher(getParcel.matchFulfilled, (state, action) => {
        if (state.pendingRequestId === action.meta.requestId) state.pendingRequestId = null;
      })
      .addMatcher(getParcel.matchRejected, (state, action) => {
        if (state.pendingRequestId === action.meta.requestId) state.pendingRequestId = null;
      });
  },
  selectors: {
    selectSelectedPin: (state) => state.selectedPin,
    selectIsParcelPanelExpanded: (state) => state.isPanelExpanded,
    selectIsParcelFetchPending: (state) => state.pendingRequestId !== null,
  },
});

declare module '@parcel-map/shared' {
  interface LazyLoadedSlices {
    parcelSelection: ParcelSelectionState;
  }
}

const injectedParcelSelectionSlice = parcelSelectionSlice.injectInto(rootReducer);

export const { parcelClicked, parcelPicked, mapBackgroundClicked, parcelDeselected } = parcelSelectionSlice.actions;

/**
 * A parcel was chosen from the search box or its results list (issue #25, keyboard): the detail panel takes the focus
 * once open, so 'Save parcel' is a Tab or two away.
 */
export const parcelPanelFocusRequested = createAction('parcelSelection/panelFocusRequested');

/** 'Center on parcel' was pressed: the map screen moves the camera (an event, no state). */
export const parcelCentreRequested = createAction<{ geometry: GeoJSONGeometry; centroid: LngLat }>('parcelSelection/centreRequested');
export const { selectSelectedPin, selectIsParcelPanelExpanded, selectIsParcelFetchPending } =
  injectedParcelSelectionSlice.selectors;

/**
 * The selected parcel's centroid as the API reports it, read from the parcel details the store holds:
 * a parcel selected again finds it there at once (no new answer arrives for it).
 */
export function selectSelectedCentroid(state: RootState): LngLat | null {
  const pin = selectSelectedPin(state);
  return (pin !== null && selectCachedParcel(state, pin)?.centroid) || null;
}
