import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BROWSER_PACKAGES, SERVER_PACKAGES, VITEST_PROJECTS } from './scripts/testProjects.mjs';
import { packageIsolatedTests } from './vitest.packages.ts';

export default defineConfig({
  test: {
    projects: [
      ...VITEST_PROJECTS,
      ...BROWSER_PACKAGES.flatMap((name) => packageIsolatedTests(path.resolve(import.meta.dirname, name), 'browser')),
      ...SERVER_PACKAGES.flatMap((name) => packageIsolatedTests(path.resolve(import.meta.dirname, name), 'server')),
    ],
    // A test file per core. Vitest's default in a run leaves one core to itself (cores − 1): one file
    // at a time on two cores, most of whose time is spent waiting on PGlite threads, child processes
    // and sockets. The unit stage went from 12.2 to 7.4 minutes here.
    maxWorkers: availableParallelism(),
    // The scratch folder first: the test databases' templates are made in it.
    globalSetup: ['vitest.scratchDirSetup.ts', 'vitest.databaseSetup.ts'],
  },
});
