export * from './config/runtimeConfig.ts';
export * from './config/configSlice.ts';
export * from './session/sessionSlice.ts';
// The wire contract's types only: its schemas are in '@parcel-map/shared/api', off the sign-in path.
export type * from './parcels/parcelContract.ts';
export type * from './savedParcels/savedParcelContract.ts';
export type { SaveParcelBody, UpdateSavedParcelBody } from './savedParcels/savedParcelRequests.ts';
export type * from './datasets/datasetContract.ts';
export { PARCEL_LABEL_MIN_ZOOM, PARCEL_SOURCE_LAYER } from './tiles/tileSets.ts';
export * from './events/crossRemoteEvents.ts';
export * from './store/rootReducer.ts';
export * from './store/makeStore.ts';
export * from './store/hooks.ts';
export * from './ui/RenderFailure.tsx';
export * from './ui/Spinner.tsx';
export * from './ui/useDialogFocus.ts';
export * from './remotes/remoteContracts.ts';
export * from './session/returnPath.ts';
export * from './session/storageKeys.ts';
