// `@parcel-map/shared/api`: the server API (RTK Query and its HTTP client). A separate federated
// entry so that only the screens that fetch data load it, never the sign-in path.
export * from './apiClient.ts';
export * from './baseApi.ts';
export * from '../savedParcels/savedParcelsApi.ts';
