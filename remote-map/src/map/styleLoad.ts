// The base map's loading flag (SPEC §4): set when a style is asked for, cleared 300 ms after the
// style-loaded event or after 10 s without it. Free of mapbox-gl, so its timing is unit-tested.
import type { MapStyleConfig } from '@parcel-map/shared';
import { STYLE_LOAD_TIMEOUT_MS, STYLE_LOADING_CLEAR_DELAY_MS } from './mapDefaults.ts';

export interface StyleLoadEvents {
  styleLoadStarted(styleId: string): void;
  /** `styleId` is the config entry the loaded style matched, or null; also sent on the 10 s time-out. */
  styleLoadFinished(styleId: string | null): void;
  /** The style asked for could not be fetched (the map stays without a base map until a retry). */
  styleLoadFailed(styleId: string): void;
}

export interface StyleLoadTracker {
  started(styleId: string): void;
  /** The style-loaded event, with the config id the loaded style matched. */
  loaded(matchedId: string | null): void;
  /** A map error that is not a source's: while a style is pending, its fetch failed. */
  errored(): void;
  dispose(): void;
}

export function createStyleLoadTracker(events: StyleLoadEvents): StyleLoadTracker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingId: string | null = null;

  const schedule = (ms: number, finish: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(finish, ms);
  };

  return {
    started(styleId) {
      pendingId = styleId;
      events.styleLoadStarted(styleId);
      schedule(STYLE_LOAD_TIMEOUT_MS, () => {
        pendingId = null;
        events.styleLoadFinished(null);
      });
    },
    loaded(matchedId) {
      pendingId = null;
      schedule(STYLE_LOADING_CLEAR_DELAY_MS, () => events.styleLoadFinished(matchedId));
    },
    errored() {
      if (pendingId === null) return;
      const failedId = pendingId;
      pendingId = null;
      clearTimeout(timer);
      events.styleLoadFailed(failedId);
    },
    dispose() {
      pendingId = null;
      clearTimeout(timer);
    },
  };
}

/** The configured style with this id; an unknown id is ignored with a console warning (SPEC §4). */
export function findStyle(styles: readonly MapStyleConfig[], styleId: string): MapStyleConfig | undefined {
  const style = styles.find((candidate) => candidate.id === styleId);
  if (!style) console.warn(`Unknown map style id '${styleId}' ignored.`);
  return style;
}
