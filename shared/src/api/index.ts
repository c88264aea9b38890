// `@parcel-map/shared/api`: the server API (RTK Query, its HTTP client and the wire contract the
// answers are parsed with). A separate federated entry so that only the screens that fetch data
// load it, never the sign-in path.
export * from './apiClient.ts';
export * from './baseApi.ts';
export * from '../savedParcels/savedParcelsApi.ts';
export * from '../markups/markupsApi.ts';
export { MARKUP_NAME_MAX_LENGTH, markupPageSchema, markupSchema } from '../markups/markupContract.ts';
export { SAVED_QUERY_NAME_MAX_LENGTH, savedQueryListSchema, type SavedQuery, type SavedQueryConditions } from '../savedQueries/savedQueryContract.ts';
export * from '../parcels/parcelContract.ts';
export * from './parcelQueryApi.ts';
export * from './wholeListApi.ts';
export { OWNER_KINDS, ABSENTEE_KINDS, ABSENTEE_FIELD, QUERY_DEFAULT_LIMIT, QUERY_MAX_FILTERS, QUERY_CSV_TYPE, QUERY_CSV_COLUMNS } from '../parcels/parcelQueryContract.ts';
export * from '../savedParcels/savedParcelContract.ts';
export * from '../datasets/datasetContract.ts';
export * from '../datasets/importContract.ts';
export * from '../datasets/versionChangesContract.ts';
export * from '../datasets/adminAccessApi.ts';
export * from '../wire/rateLimit.ts';
export * from '../overlays/overlayContract.ts';
export * from '../overlays/overlayAdminContract.ts';
export * from '../imagery/imageryContract.ts';
export * from '../imagery/imageryAdminContract.ts';
export * from '../imagery/imageryServiceContract.ts';
