// How many web workers mapbox-gl parses tiles in.

/** mapbox-gl's own pool size, whatever the machine. */
const MAPBOX_DEFAULT_WORKERS = 2;

/**
 * One core is left to the page's main thread and the GPU process, which upload and draw what the
 * workers parse: on a two-core machine mapbox-gl's two workers took both cores while the opening
 * view's 56,000 parcels were parsed, and each frame drawn in between waited its turn. With one
 * worker there, navigation → first parcels drawn went from p50 3,344–3,528 ms to 2,497–2,803 ms
 * (10 interleaved loads each, headless Chromium, docs/performance-archive.md). Never more than mapbox-gl's
 * default, which is all that was measured on larger machines; unknown core counts keep it.
 */
export function tileWorkerCount(cores: number | undefined): number {
  if (!cores) return MAPBOX_DEFAULT_WORKERS;
  return Math.max(1, Math.min(MAPBOX_DEFAULT_WORKERS, cores - 1));
}
