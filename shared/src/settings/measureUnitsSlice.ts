// The units measurements are read out in, chosen in Settings (issue #44): any remote that shows a
// measurement reads it. Kept in this browser, so a choice outlives a reload and a sign-out.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const MEASURE_UNITS = ['imperial', 'metric'] as const;
export type MeasureUnits = (typeof MEASURE_UNITS)[number];

export const MEASURE_UNITS_LABELS: Record<MeasureUnits, string> = {
  imperial: 'Feet, miles and acres',
  metric: 'Metres, kilometres and hectares',
};

const MEASURE_UNITS_KEY = 'measure_units';

function storedUnits(): MeasureUnits {
  try {
    const stored = localStorage.getItem(MEASURE_UNITS_KEY);
    return MEASURE_UNITS.find((units) => units === stored) ?? 'imperial';
  } catch {
    // Storage refused (a private window's quota, a sandboxed frame): the default.
    return 'imperial';
  }
}

export const measureUnitsSlice = createSlice({
  name: 'measureUnits',
  initialState: storedUnits,
  reducers: {
    measureUnitsChosen: (_state, action: PayloadAction<MeasureUnits>) => {
      try {
        localStorage.setItem(MEASURE_UNITS_KEY, action.payload);
      } catch {
        // Not kept past this page; the choice still holds until it is left.
      }
      return action.payload;
    },
  },
  selectors: {
    selectMeasureUnits: (units) => units,
  },
});

export const { measureUnitsChosen } = measureUnitsSlice.actions;
export const { selectMeasureUnits } = measureUnitsSlice.selectors;
