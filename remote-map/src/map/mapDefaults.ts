// Camera and timing constants of the map screen (SPEC §2, §9), free of mapbox-gl so slices can use them.

export const MAP_VIEW_DEFAULTS = { lng: -80.86, lat: 35.62, zoom: 13, minZoom: 3, maxZoom: 19 } as const;
export const STYLE_LOAD_TIMEOUT_MS = 10_000;
export const STYLE_LOADING_CLEAR_DELAY_MS = 300;
