// Messages between remotes. A remote never imports another; it dispatches or listens to these.
import { createAction } from '@reduxjs/toolkit';
import type { LngLat, Parcel } from '../parcels/parcelContract.ts';
import type { MarkupGeometry } from '../markups/markupContract.ts';

export interface ParcelToSave {
  parcel: Parcel;
  centroid: LngLat;
}

/** The detail panel's save icon was pressed. */
export const parcelSaveRequested = createAction<ParcelToSave>('parcels/saveRequested');
/** Someone asked for the 'My Saved Parcels' sheet. */
export const savedParcelsOpened = createAction('savedParcels/opened');
/** 'View on Map' in the saved list: fly there (SPEC §4, zoom 16). */
export const savedParcelFocused = createAction<{ pin: string; lng: number; lat: number }>('savedParcels/focused');

export interface MarkupToSave {
  geometry: MarkupGeometry;
  /** What was measured, as the palette read it ('1,234 ft'): the save dialog shows it. */
  summary: string;
}

/** 'Save as markup' in the measure palette: the saved-parcels remote asks for a name and a colour. */
export const markupSaveRequested = createAction<MarkupToSave>('markups/saveRequested');
/** 'View on Map' of a markup: the map shows the whole drawing. */
export const markupFocused = createAction<{ geometry: MarkupGeometry }>('markups/focused');
