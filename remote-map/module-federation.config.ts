export const federation = {
  name: 'remote_map',
  exposes: {
    './MapScreen': './src/exposes/MapScreen.tsx',
    './mount': './src/exposes/mount.tsx',
  },
};
