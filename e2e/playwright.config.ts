import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { originOf, PORTS } from '../scripts/ports.mjs';
import { E2E_DATA_DIR, REPO_DIR as repo } from './fixtures/paths.ts';

export default defineConfig({
  testDir: './tests',
  // One folder per port offset: side-by-side runs must not delete each other's traces.
  outputDir: `./test-results/${process.env.PARCEL_MAP_PORT_OFFSET ?? 0}`,
  // Whole user journeys (sign in, several screens) on a 2-core machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: path.join(repo, '.data/test-results/e2e.json') }]] : [['list']],
  use: {
    baseURL: originOf(PORTS.host),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    },
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    { name: 'setup', testMatch: /signIn\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], use: { storageState: path.join(import.meta.dirname, '.auth/user.json') } },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: repo,
    // The API answers last (it seeds the demo county on first start); the others are up by then.
    url: `${originOf(PORTS.api)}/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    // Dev faults let the session tests make local-identity answer 503 and session_not_found.
    env: { PARCEL_MAP_DATA_DIR: E2E_DATA_DIR, ENABLE_DEV_FAULTS: '1' },
    stdout: 'pipe',
  },
});
