// The measure palette (SPEC §2, §4): open or closed, the active mode, and the latest readout.
// The Draw instance itself lives in map/measureTool.ts, never in the store.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '@parcel-map/shared';
import type { Measurement } from '@parcel-map/shared/measure';

export type MeasureMode = 'distance' | 'area' | 'point';

interface MeasureState {
  isOpen: boolean;
  mode: MeasureMode | null;
  measurement: Measurement | null;
}

const initialState: MeasureState = { isOpen: false, mode: null, measurement: null };

const measureSlice = createSlice({
  name: 'measure',
  initialState,
  reducers: {
    measureToggled: (state) => (state.isOpen ? initialState : { ...initialState, isOpen: true }),
    measureModeChosen: (state, action: PayloadAction<{ mode: MeasureMode }>) => {
      state.isOpen = true;
      state.mode = action.payload.mode;
      state.measurement = null;
    },
    /** Clear Measurement: drawings removed, palette stays open. */
    measureCleared: (state) => {
      state.mode = null;
      state.measurement = null;
    },
    measureClosed: () => initialState,
    /** The shape being drawn changed; null when it is too short to measure. */
    measurementUpdated: (state, action: PayloadAction<{ measurement: Measurement | null }>) => {
      state.measurement = action.payload.measurement;
    },
    /** Drawing stopped (finished, cancelled or discarded). */
    measureDrawingStopped: (state) => {
      state.mode = null;
    },
  },
  selectors: {
    selectIsMeasureOpen: (state) => state.isOpen,
    selectMeasureMode: (state) => state.mode,
    selectMeasurement: (state) => state.measurement,
  },
});

declare module '@parcel-map/shared' {
  interface LazyLoadedSlices {
    measure: MeasureState;
  }
}

const injectedMeasureSlice = measureSlice.injectInto(rootReducer);

export const { measureToggled, measureModeChosen, measureCleared, measureClosed, measurementUpdated, measureDrawingStopped } = measureSlice.actions;
export const { selectIsMeasureOpen, selectMeasureMode, selectMeasurement } = injectedMeasureSlice.selectors;
