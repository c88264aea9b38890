// Vitest settings of every front-end package: jsdom, Testing Library matchers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const TEST_FILE = /\.test\.tsx?$/;
const REPLACES_A_MODULE = /\bvi\.(do)?mock\(/;

/** The package's test files that replace a module (vi.mock): each needs a module registry of its own. */
function filesReplacingModules(dirname: string): string[] {
  return readdirSync(path.join(dirname, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file) && REPLACES_A_MODULE.test(readFileSync(path.join(dirname, 'src', file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

function browserTestSettings(dirname: string) {
  return {
    root: dirname,
    environment: 'jsdom' as const,
    globals: true,
    setupFiles: [path.resolve(import.meta.dirname, 'vitest.browserSetup.ts')],
    css: false,
  };
}

/**
 * The package's tests but those that replace a module. A worker's files share one module registry and
 * one jsdom: a fresh environment and fresh imports per file were two thirds of these projects' time
 * (remote-map: 152 s → 56 s here). What a test changes outside its render is undone after it: spies,
 * stubbed globals and environment variables.
 */
export function browserPackageTestConfig(dirname: string) {
  return defineConfig({
    test: {
      ...browserTestSettings(dirname),
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
export function browserPackageIsolatedTests(dirname: string) {
  const include = filesReplacingModules(dirname);
  if (include.length === 0) return [];
  return [defineConfig({ test: { ...browserTestSettings(dirname), name: `${path.basename(dirname)}-isolated`, include } })];
}
