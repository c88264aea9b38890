// Camera and timing constants of the map screen (SPEC §2, §9), free of mapbox-gl so slices can use them.

import { DEFAULT_INITIAL_VIEW } from '@parcel-map/shared';

/** The opening view when the configuration gives none (config `map.initialView`), and the zoom range. */
export const MAP_VIEW_DEFAULTS = { ...DEFAULT_INITIAL_VIEW, minZoom: 3, maxZoom: 19 } as const;
export const STYLE_LOAD_TIMEOUT_MS = 10_000;
export const STYLE_LOADING_CLEAR_DELAY_MS = 300;
