export const federation = {
  name: 'remote_saved_parcels',
  exposes: {
    './SavedParcels': './src/exposes/SavedParcels.tsx',
  },
};
