// The stylesheets of Draw and the geocoder, imported for their side effect; their type packages
// describe only the scripts.
declare module '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
declare module '@mapbox/mapbox-gl-geocoder/dist/mapbox-gl-geocoder.css';
