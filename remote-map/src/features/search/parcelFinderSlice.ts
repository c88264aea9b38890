// The parcel finder's panels (issue #24): the full result list of a search, the parcels near a
// selected parcel, or the query panel's list built from conditions (issue #42); one at a time.
// What the panels show comes from the API; the store holds only what was asked.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@parcel-map/shared';
import { NEARBY_DEFAULT_FEET, type ParcelQueryConditions } from '@parcel-map/shared/api';
import type { NearbySubject } from '../parcelSelection/parcelsApi.ts';

interface ParcelFinderState {
  panel: 'results' | 'nearby' | 'query' | null;
  /** The search the results panel lists. */
  query: string;
  /** What the nearby panel lists the neighbours of: a selected parcel or a drawn area. */
  nearbyOf: NearbySubject | null;
  distanceFt: number;
  /** The conditions the query panel last asked (once typing settled); null while it has none. */
  queryConditions: ParcelQueryConditions | null;
}

const initialState: ParcelFinderState = { panel: null, query: '', nearbyOf: null, distanceFt: NEARBY_DEFAULT_FEET, queryConditions: null };

const parcelFinderSlice = createSlice({
  name: 'parcelFinder',
  initialState,
  reducers: {
    /** Enter in the search box, or its 'See all N results'. */
    allResultsRequested: (state, action: PayloadAction<{ q: string }>) => {
      state.panel = 'results';
      state.query = action.payload.q;
    },
    /** 'Nearby parcels' on a selected parcel. */
    nearbyRequested: (state, action: PayloadAction<{ pin: string }>) => {
      state.panel = 'nearby';
      state.nearbyOf = { kind: 'parcel', pin: action.payload.pin };
    },
    /** 'Nearby parcels' on an area drawn with Measure Area (its closed ring). */
    nearbyAreaRequested: (state, action: PayloadAction<{ ring: [number, number][] }>) => {
      state.panel = 'nearby';
      state.nearbyOf = { kind: 'area', ring: action.payload.ring };
    },
    nearbyDistanceChosen: (state, action: PayloadAction<{ distanceFt: number }>) => {
      state.distanceFt = action.payload.distanceFt;
    },
    /** 'Query parcels' among the map controls. */
    queryPanelRequested: (state) => {
      state.panel = 'query';
    },
    queryConditionsAsked: (state, action: PayloadAction<{ conditions: ParcelQueryConditions | null }>) => {
      state.queryConditions = action.payload.conditions;
    },
    finderClosed: (state) => {
      state.panel = null;
    },
  },
  selectors: {
    selectParcelFinder: (state) => state,
  },
});

declare module '@parcel-map/shared' {
  interface LazyLoadedSlices {
    parcelFinder: ParcelFinderState;
  }
}

export const { allResultsRequested, nearbyRequested, nearbyAreaRequested, nearbyDistanceChosen, queryPanelRequested, queryConditionsAsked, finderClosed } = parcelFinderSlice.actions;

export const { selectParcelFinder } = parcelFinderSlice.injectInto(rootReducer).selectors;
