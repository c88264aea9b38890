import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { originOf, PORTS } from '../scripts/ports.mjs';
import { REPO_DIR as repo } from './fixtures/paths.ts';

const SIGNED_IN = path.join(import.meta.dirname, '.auth/user.json');
/** Specs that change what every other test sees: servers stopped (`servers` fixture), counties imported and published. */
const ALONE = /(dataPage|faults|livePublish|mapImagery|mapOverlays|remoteFailure)\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  // Builds what is stale and runs the product's servers for the whole run; tests stop and start
  // single ones through the `servers` fixture.
  globalSetup: './fixtures/systemUnderTest.ts',
  // One folder per port offset: side-by-side runs must not delete each other's traces.
  outputDir: `./test-results/${process.env.PARCEL_MAP_PORT_OFFSET ?? 0}`,
  // Whole user journeys (sign in, several screens) on a 2-core machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two browsers at a time: one left a fifth of two cores idle (the page waits on the API, the API on the
  // page). Specs that stop servers, or import and publish what every open map then redraws, run after
  // the others, one at a time (the `alone` project).
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: path.join(repo, '.data/test-results/e2e.json') }]] : [['list']],
  use: {
    baseURL: originOf(PORTS.host),
    // A trace records every action's snapshots and screencast frames for every test, kept or not: 13–17 %
    // of a spec's time here (mapMeasure + mapOutlines 179 → 156 s, mapAccessibility 199 → 166 s). In CI,
    // where nobody opens the trace, a failure is told by its message, screenshot and the page's errors; `--trace on` by hand.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The map's WebGL is drawn by SwiftShader (no GPU here); the page around it is composited in software,
      // not by SwiftShader a second time: a map load cost the GPU process about a third less CPU
      // (docs/performance-archive.md, "Test time, 2026-12-03 (S11)"). The canvas the tests read is the same.
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu-compositing'],
    },
    // A small laptop's window, still the desktop layout (the phone layout is 640 px wide and less). Chromium
    // draws the map in software here, by the pixel and by the tile: the same five map specs took 174 s
    // instead of 215 s at 1280 × 800. Specs about the 1280 × 800 desktop (layout, accessibility, the
    // screens for people) set that size themselves.
    viewport: { width: 1024, height: 640 },
    // As a user who asks for reduced motion: the map then jumps instead of flying and fades no labels in
    // (remote-map/src/map/reducedMotion.ts), so Chromium draws far fewer frames in software. Figures:
    // decisions.md, "Motion follows the user's preference".
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'setup', testMatch: /signIn\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: ALONE, use: { storageState: SIGNED_IN } },
    { name: 'alone', dependencies: ['chromium'], testMatch: ALONE, workers: 1, use: { storageState: SIGNED_IN } },
  ],
});
