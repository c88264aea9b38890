// The wire contracts alone (no React, no DOM): what the API server and tests share with the front ends.
export type * from './parcels/parcelTypes.ts';
export type * from './savedParcels/savedParcelTypes.ts';
export { PARCEL_LABEL_MIN_ZOOM, PARCEL_SOURCE_LAYER } from './parcels/parcelTypes.ts';
export * from './tiles/tileSets.ts';
export { PIN_MAX_LENGTH, PIN_PATTERN, pinSchema } from './parcels/parcelContract.ts';
