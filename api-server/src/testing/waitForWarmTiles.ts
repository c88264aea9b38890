// Steady-state measurements (the load check, the tile benchmark) start once the API has read the
// current parcels into memory for tile builds: that read starts with the process (and after an
// import) and, while it runs, adds ~100 MB and a busy thread that would count against the figures.

/** How long the API may take to read the current parcels into memory (the demo county: a few seconds). */
const TILES_WARM_TIMEOUT_MS = 120_000;

/** Waits until `GET /health` says `tilesWarm`. */
export async function waitForWarmTiles(apiOrigin: string, timeoutMs = TILES_WARM_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${apiOrigin}/health`)).json()) as { tilesWarm?: boolean };
    if (health.tilesWarm === true) return;
    if (Date.now() > deadline) throw new Error(`the API's parcels were not in memory within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
