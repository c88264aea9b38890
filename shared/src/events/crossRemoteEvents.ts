// Messages between remotes. A remote never imports another; it dispatches or listens to these.
import { createAction } from '@reduxjs/toolkit';
import type { LngLat, Parcel } from '../parcels/parcelContract.ts';

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
