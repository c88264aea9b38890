// Which saved-parcel overlay is open. Opened by cross-remote events, closed here.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { parcelSaveRequested, rootReducer, savedParcelsOpened, type ParcelToSave } from '@parcel-map/shared';

export interface SavedParcelsUiState {
  parcelToSave: ParcelToSave | null;
  sheetOpen: boolean;
  notice: string | null;
}

const initialState: SavedParcelsUiState = { parcelToSave: null, sheetOpen: false, notice: null };

export const savedParcelsUiSlice = createSlice({
  name: 'savedParcelsUi',
  initialState,
  reducers: {
    saveModalClosed: (state) => {
      state.parcelToSave = null;
    },
    parcelSaved: (state, action: PayloadAction<{ notice: string }>) => {
      state.parcelToSave = null;
      state.notice = action.payload.notice;
    },
    savedSheetClosed: (state) => {
      state.sheetOpen = false;
    },
    noticeDismissed: (state) => {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(parcelSaveRequested, (state, action) => {
        state.parcelToSave = action.payload;
      })
      .addCase(savedParcelsOpened, (state) => {
        state.sheetOpen = true;
      });
  },
  selectors: {
    selectParcelToSave: (state) => state.parcelToSave,
    selectSheetOpen: (state) => state.sheetOpen,
    selectNotice: (state) => state.notice,
  },
});

declare module '@parcel-map/shared' {
  export interface LazyLoadedSlices extends WithSlice<typeof savedParcelsUiSlice> {}
}

const injected = savedParcelsUiSlice.injectInto(rootReducer);

export const { saveModalClosed, parcelSaved, savedSheetClosed, noticeDismissed } = savedParcelsUiSlice.actions;
export const { selectParcelToSave, selectSheetOpen, selectNotice } = injected.selectors;
