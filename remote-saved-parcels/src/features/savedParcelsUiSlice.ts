// Which saved-parcel or markup overlay is open. Opened by cross-remote events, closed here.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { markupSaveRequested, parcelSaveRequested, rootReducer, savedParcelsOpened, type MarkupToSave, type ParcelToSave } from '@parcel-map/shared';

interface SavedParcelsUiState {
  parcelToSave: ParcelToSave | null;
  markupToSave: MarkupToSave | null;
  sheetOpen: boolean;
  notice: string | null;
}

const initialState: SavedParcelsUiState = { parcelToSave: null, markupToSave: null, sheetOpen: false, notice: null };

const savedParcelsUiSlice = createSlice({
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
    markupModalClosed: (state) => {
      state.markupToSave = null;
    },
    markupSaved: (state, action: PayloadAction<{ notice: string }>) => {
      state.markupToSave = null;
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
      .addCase(markupSaveRequested, (state, action) => {
        state.markupToSave = action.payload;
      })
      .addCase(savedParcelsOpened, (state) => {
        state.sheetOpen = true;
      });
  },
  selectors: {
    selectParcelToSave: (state) => state.parcelToSave,
    selectMarkupToSave: (state) => state.markupToSave,
    selectSheetOpen: (state) => state.sheetOpen,
    selectNotice: (state) => state.notice,
  },
});

declare module '@parcel-map/shared' {
  export interface LazyLoadedSlices extends WithSlice<typeof savedParcelsUiSlice> {}
}

const injected = savedParcelsUiSlice.injectInto(rootReducer);

export const { saveModalClosed, parcelSaved, markupModalClosed, markupSaved, savedSheetClosed, noticeDismissed } = savedParcelsUiSlice.actions;
export const { selectParcelToSave, selectMarkupToSave, selectSheetOpen, selectNotice } = injected.selectors;
