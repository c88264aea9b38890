// The self-hosted base style for offline use (DESIGN §4): land, roads from /geo/roads.geojson and
// road names. Parcel layers are added by the client on every style load, so they are not here.

export const STREETS_LOCAL_STYLE_ID = 'streets-local';
export const STREETS_LOCAL_STYLE_NAME = 'Streets (offline)';

/** Labels are drawn with the client's localFontFamily; the glyph URL only satisfies the style spec. */
const TEXT_FONT = ['Noto Sans Regular'];

export function streetsLocalStyle(publicBase: string) {
  return {
    version: 8,
    name: STREETS_LOCAL_STYLE_NAME,
    metadata: { 'parcel-map:id': STREETS_LOCAL_STYLE_ID },
    center: [-80.86, 35.62],
    zoom: 13,
    glyphs: `${publicBase}/fonts/{fontstack}/{range}.pbf`,
    sources: {
      roads: {
        type: 'geojson',
        data: `${publicBase}/geo/roads.geojson`,
        attribution: 'Demo county data (generated)',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
      {
        id: 'road-minor-casing',
        type: 'line',
        source: 'roads',
        filter: ['==', ['get', 'kind'], 'minor'],
        minzoom: 12,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#d6d1c4', 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 12, 1.5, 18, 14] },
      },
      {
        id: 'road-minor',
        type: 'line',
        source: 'roads',
        filter: ['==', ['get', 'kind'], 'minor'],
        minzoom: 12,
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 12, 0.75, 18, 11] },
      },
      {
        id: 'road-major-casing',
        type: 'line',
        source: 'roads',
        filter: ['==', ['get', 'kind'], 'major'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#d9a441', 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 8, 1, 18, 22] },
      },
      {
        id: 'road-major',
        type: 'line',
        source: 'roads',
        filter: ['==', ['get', 'kind'], 'major'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#fde293', 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 8, 0.5, 18, 18] },
      },
      {
        id: 'road-label',
        type: 'symbol',
        source: 'roads',
        minzoom: 13,
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': TEXT_FONT,
          'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 18, 14],
        },
        paint: { 'text-color': '#555555', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}
