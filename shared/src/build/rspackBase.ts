// The rspack configuration every front-end app shares; each app's rspack.config.ts adds only its
// federation settings.
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { moduleFederationPlugin } from '@module-federation/sdk';
import { federationShared } from './mfShared.ts';

export interface FederatedAppOptions {
  appDir: string;
  port: number;
  title: string;
  federation: Pick<moduleFederationPlugin.ModuleFederationPluginOptions, 'name' | 'exposes'>;
  /** The host serves deep links, so its assets live at '/'; remotes load from wherever they are deployed. */
  kind: 'host' | 'remote';
  /** Entries besides `main` (e.g. remote-map's framework-free embed script); not put into index.html. */
  extraEntries?: Record<string, string | { import: string; filename: string }>;
}

/** The same as tsconfig.base.json's target. */
const BROWSER_ECMA_VERSION = 'es2022';

/** What an app's rspack.config.ts exports: rspack calls it with the CLI's --mode. */
export function defineFederatedApp(options: FederatedAppOptions) {
  return (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
    federatedAppConfig(options, argv.mode ?? 'production');
}

function federatedAppConfig(options: FederatedAppOptions, mode: 'development' | 'production'): Configuration {
  const { appDir, port, title, federation, kind, extraEntries } = options;
  const isDev = mode === 'development';
  return {
    mode,
    context: appDir,
    // The browsers the dependencies already require (React Router and RTK ship ES2020+, mapbox-gl 3
    // WebGL2): without a target our own code and the runtime were compiled down to ES5, with helper
    // functions repeated in every module.
    target: ['web', BROWSER_ECMA_VERSION],
    entry: { main: './src/index.ts', ...extraEntries },
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: path.resolve(appDir, 'dist'),
      publicPath: kind === 'host' ? '/' : 'auto',
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      uniqueName: federation.name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: BROWSER_ECMA_VERSION,
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpg|webp)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        ...federation,
        filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
        remotes: kind === 'host' ? {} : undefined,
        shared: federationShared(appDir),
        manifest: true,
        dts: false,
        // The host's shared modules stay the ones every remote uses even before the host has loaded
        // them (the server API, RTK Query): under 'version-first', a remote registering the same
        // version replaces a share nobody has loaded yet, and the host would fetch the remote's copy.
        shareStrategy: kind === 'host' ? 'loaded-first' : 'version-first',
        // Leaves the runtime's Node script loading out of the host entry and each remoteEntry.js
        // (~2 KB gzip each, both on the sign-in path).
        experiments: { optimization: { target: 'web' } },
      }),
      new rspack.HtmlRspackPlugin({ title, chunks: ['main'], template: path.resolve(import.meta.dirname, 'index.html') }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
    ],
    lazyCompilation: false,
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    performance: { hints: false },
  };
}
