export const federation = {
  name: 'remote_data',
  exposes: {
    './DataPage': './src/exposes/DataPage.tsx',
  },
};
