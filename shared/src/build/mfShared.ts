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
  '@parcel-map/shared',
  // The server API and RTK Query, which the sign-in path does not load. Listed by name, not by a
  // '…/' prefix: a prefix provides only what the app itself imports, and the host imports none of
  // them, yet it must provide them (unloaded until a screen asks) so that every remote gets the
  // host's copy — one API, one cache, one immer beside the host's RTK.
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  '@parcel-map/shared/api',
] as const;

/** 'react/' → react, '@reduxjs/toolkit/query' → @reduxjs/toolkit. */
function packageOf(key: string): string {
  const parts = key.split('/');
  return parts.slice(0, key.startsWith('@') ? 2 : 1).join('/');
}

export function federationShared(appDir: string) {
  const require = createRequire(`${appDir}/package.json`);
  const { dependencies = {} } = require('./package.json') as { dependencies?: Record<string, string> };
  return Object.fromEntries(
    SINGLETONS.map((key) => {
      const pkg = packageOf(key);
      const requiredVersion = dependencies[pkg];
      if (!requiredVersion) throw new Error(`${appDir}: '${pkg}' must be a dependency to be shared`);
      return [key, { singleton: true, requiredVersion }];
    }),
  );
}
