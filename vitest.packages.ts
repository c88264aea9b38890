// Vitest settings of every package: a front-end package's tests run in jsdom with Testing Library's
// matchers, a server package's (the API, the database, the county data, local-identity) in Node.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { testFilesMatching } from './scripts/testProjects.mjs';

type PackageKind = 'browser' | 'server';

const REPLACES_A_MODULE = /\bvi\.(do)?mock\(/;

/** The package's test files that replace a module (vi.mock): each needs a module registry of its own. */
const filesReplacingModules = (dirname: string): string[] => testFilesMatching(dirname, REPLACES_A_MODULE);

function testSettings(dirname: string, kind: PackageKind) {
  if (kind === 'browser') {
    return { root: dirname, environment: 'jsdom' as const, globals: true, setupFiles: [path.resolve(import.meta.dirname, 'vitest.browserSetup.ts')], css: false };
  }
  return {
    root: dirname,
    environment: 'node' as const,
    include: ['src/**/*.test.ts'],
    // Migrating a database, or importing a county with GDAL, takes seconds on two busy cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
}

/**
 * The package's tests but those that replace a module. A worker's files share one module registry
 * (and, in a front-end package, one jsdom): a fresh environment and fresh imports per file were two
 * thirds of the front-end projects' time (remote-map: 152 s → 56 s here) and a tenth of the server
 * projects' (259 → 233 s on PostgreSQL, 399 → 373 s on PGlite). What a test changes outside itself
 * is undone after it: spies, stubbed globals and environment variables.
 */
export function packageTestConfig(dirname: string, kind: PackageKind) {
  return defineConfig({
    test: {
      ...testSettings(dirname, kind),
      name: path.basename(dirname),
      exclude: ['**/node_modules/**', ...filesReplacingModules(dirname)],
      isolate: false,
      restoreMocks: true,
      unstubGlobals: true,
      unstubEnvs: true,
    },
  });
}

/** The package's tests that replace a module, each file with its own modules; none when it has none. */
export function packageIsolatedTests(dirname: string, kind: PackageKind) {
  const include = filesReplacingModules(dirname);
  if (include.length === 0) return [];
  return [defineConfig({ test: { ...testSettings(dirname, kind), name: `${path.basename(dirname)}-isolated`, include } })];
}
