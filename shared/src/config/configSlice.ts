import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RuntimeConfig } from './runtimeConfig.ts';

export const runtimeConfigSlice = createSlice({
  name: 'runtimeConfig',
  initialState: null as RuntimeConfig | null,
  reducers: {
    runtimeConfigLoaded: (_state, action: PayloadAction<RuntimeConfig>) => action.payload,
  },
  selectors: {
    selectRuntimeConfig: (state) => state,
  },
});

export const { runtimeConfigLoaded } = runtimeConfigSlice.actions;
export const { selectRuntimeConfig } = runtimeConfigSlice.selectors;
