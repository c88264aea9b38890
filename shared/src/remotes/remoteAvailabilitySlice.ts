// Which remotes failed to load, so the buttons that open them can say so instead of doing nothing.
// The host reports it (its error boundary around each remote); any remote may read it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { REMOTE_MODULES } from './remoteModules.ts';

/** What each remote is to a user: the failure card and the matching buttons name it. */
export const REMOTE_LABELS: Record<string, string> = {
  [REMOTE_MODULES.loginScreen]: 'The sign-in screen',
  [REMOTE_MODULES.authenticateScreen]: 'The sign-in screen',
  [REMOTE_MODULES.mapScreen]: 'The map',
  [REMOTE_MODULES.mapMount]: 'The map',
  [REMOTE_MODULES.savedParcels]: 'My Saved Parcels',
};

/** 'My Saved Parcels could not be loaded.' */
export const remoteUnavailableMessage = (id: string) => `${REMOTE_LABELS[id] ?? 'This part of the app'} could not be loaded.`;

export const remoteAvailabilitySlice = createSlice({
  name: 'remoteAvailability',
  initialState: { unavailable: [] as string[] },
  reducers: {
    remoteLoadFailed: (state, action: PayloadAction<{ id: string }>) => {
      if (!state.unavailable.includes(action.payload.id)) state.unavailable.push(action.payload.id);
    },
    remoteLoaded: (state, action: PayloadAction<{ id: string }>) => {
      state.unavailable = state.unavailable.filter((id) => id !== action.payload.id);
    },
  },
  selectors: {
    selectIsRemoteUnavailable: (state, id: string) => state.unavailable.includes(id),
  },
});

export const { remoteLoadFailed, remoteLoaded } = remoteAvailabilitySlice.actions;
export const { selectIsRemoteUnavailable } = remoteAvailabilitySlice.selectors;
