// The federated modules the host loads, by what they are (kept apart from remoteContracts.ts, which
// names the store's type, so that store slices may name remotes without an import cycle).
export const REMOTE_MODULES = {
  identitySession: 'remote_auth/IdentitySession',
  loginScreen: 'remote_auth/LoginScreen',
  authenticateScreen: 'remote_auth/AuthenticateScreen',
  mapScreen: 'remote_map/MapScreen',
  mapMount: 'remote_map/mount',
  savedParcels: 'remote_saved_parcels/SavedParcels',
  dataPage: 'remote_data/DataPage',
} as const;
