// The wire contract alone (no React, no DOM): what the API server, the county data tools and the
// tests share with the front ends, which load its answers' schemas, limits and messages through
// '@parcel-map/shared/api' (the requests' schemas only the API parses).
export * from './parcels/parcelContract.ts';
export * from './parcels/parcelRequests.ts';
export * from './parcels/parcelQueryContract.ts';
export * from './savedParcels/savedParcelContract.ts';
export * from './savedParcels/savedParcelRequests.ts';
export * from './markups/markupContract.ts';
export * from './markups/markupRequests.ts';
export * from './savedQueries/savedQueryContract.ts';
export * from './datasets/datasetContract.ts';
export * from './datasets/importContract.ts';
export * from './datasets/versionChangesContract.ts';
export * from './datasets/versionChangesRequests.ts';
export * from './overlays/overlayContract.ts';
export * from './overlays/overlayAdminContract.ts';
export * from './imagery/imageryContract.ts';
export * from './imagery/imageryServiceContract.ts';
export * from './imagery/imageryAdminContract.ts';
export * from './imagery/imageryVersionsContract.ts';
export * from './tiles/tileSets.ts';
export * from './wire/cutText.ts';
export * from './wire/rateLimit.ts';
