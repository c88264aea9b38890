// The `shared` map of every federated app: one copy of React, the router, the store libraries and
// this package in the browser (MF_NOTES §3; the deep entries must be listed on their own).
import { createRequire } from 'node:module';

const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/',
  '@parcel-map/shared',
] as const;

export function federationShared(appDir: string) {
  const require = createRequire(`${appDir}/package.json`);
  const { dependencies = {} } = require('./package.json') as { dependencies?: Record<string, string> };
  return Object.fromEntries(
    SINGLETONS.map((key) => {
      const pkg = key.endsWith('/') ? key.slice(0, -1) : key;
      const requiredVersion = dependencies[pkg];
      if (!requiredVersion) throw new Error(`${appDir}: '${pkg}' must be a dependency to be shared`);
      return [key, { singleton: true, requiredVersion }];
    }),
  );
}
