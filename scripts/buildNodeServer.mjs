// `npm run build` for a Node.js server package: bundles its TypeScript entry points and every workspace
// package they import (which are TypeScript sources) into plain ES modules that `node` runs without
// tsx. Packages from node_modules stay imports: PGlite finds its wasm and data files beside its own
// module, and the compiled files run from the checkout they were built in, beside its node_modules.
// Usage: node buildNodeServer.mjs <outDir> <name>=<entry.ts> …  (paths from the package's folder)
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const [outArg, ...entryArgs] = process.argv.slice(2);
const outdir = path.resolve(outArg);
const entryPoints = Object.fromEntries(entryArgs.map((arg) => arg.split('=')));

/**
 * Sources find their data files (migrations, mappings, the demo county's lake) from their own folder:
 * in the bundle that folder is named relative to the bundle's, so the checkout's files are read.
 */
const sourceFolders = {
  name: 'source-folders',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const contents = await readFile(file, 'utf8');
      if (!contents.includes('import.meta.dirname')) return { contents, loader: 'ts' };
      const fromBundle = path.relative(outdir, path.dirname(file));
      return { contents: contents.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`), loader: 'ts' };
    });
  },
};

/** Bare imports of workspace packages are bundled (their sources are TypeScript); the rest stay imports. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('@parcel-map/') ? undefined : { path: specifier, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Chunks stay beside the entry points: a worker's entry is named from the module that starts it
  // (new URL('./pgliteThread.ts', import.meta.url)), and database/src/startTsWorker.ts runs its .js.
  plugins: [sourceFolders, externalDependencies],
  logLevel: 'warning',
});
console.log(`${Object.keys(entryPoints).join(', ')} built into ${path.relative(process.cwd(), outdir) || '.'}`);
