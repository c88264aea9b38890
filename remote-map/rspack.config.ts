import { rspack } from '@rspack/core';
import { defineFederatedApp } from '@parcel-map/shared/rspackBase';
import { federation } from './module-federation.config.ts';

const federatedApp = defineFederatedApp({
  appDir: import.meta.dirname,
  port: 3002,
  title: 'Parcel Map — map',
  federation,
  kind: 'remote',
  // For portals: a plain script at a stable URL that sets window.ParcelMap (src/embed.ts).
  extraEntries: { embed: { import: './src/embed.ts', filename: 'parcel-map-embed.js' } },
});

/** REMOTE_MAP_BUILD_LABEL names a build (src/buildLabel.ts): a redeploy shows which remote is live. */
export default (env: unknown, argv: Parameters<typeof federatedApp>[1]) => {
  const config = federatedApp(env, argv);
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.DefinePlugin({ __REMOTE_MAP_BUILD_LABEL__: JSON.stringify(process.env.REMOTE_MAP_BUILD_LABEL ?? '') }),
  ];
  return config;
};
