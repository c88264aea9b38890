// The parts of Draw and the geocoder this remote uses; neither package ships type declarations.
declare module '@mapbox/mapbox-gl-draw' {
  import type { Feature, FeatureCollection } from 'geojson';
  import type { IControl } from 'mapbox-gl';

  interface DrawOptions {
    displayControlsDefault?: boolean;
    controls?: Partial<Record<'point' | 'line_string' | 'polygon' | 'trash' | 'combine_features' | 'uncombine_features', boolean>>;
    keybindings?: boolean;
    touchEnabled?: boolean;
    boxSelect?: boolean;
    clickBuffer?: number;
    touchBuffer?: number;
    defaultMode?: string;
    styles?: object[];
  }

  export default class MapboxDraw implements IControl {
    constructor(options?: DrawOptions);
    onAdd(map: unknown): HTMLElement;
    onRemove(map: unknown): void;
    getAll(): FeatureCollection;
    deleteAll(): this;
    delete(ids: string | string[]): this;
    add(geojson: Feature | FeatureCollection): string[];
    changeMode(mode: string, options?: object): this;
    getMode(): string;
    trash(): this;
  }
}

declare module '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
declare module '@mapbox/mapbox-gl-geocoder/dist/mapbox-gl-geocoder.css';

declare module '@mapbox/mapbox-gl-geocoder' {
  import type { IControl } from 'mapbox-gl';

  export interface GeocoderFeature {
    type: 'Feature';
    id?: string;
    place_name: string;
    text?: string;
    center: [number, number];
    place_type?: string[];
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: Record<string, unknown>;
    bbox?: [number, number, number, number];
  }

  interface GeocoderOptions {
    accessToken: string;
    mapboxgl?: unknown;
    placeholder?: string;
    minLength?: number;
    limit?: number;
    zoom?: number;
    debounceSearch?: number;
    trackProximity?: boolean;
    marker?: boolean;
    flyTo?: boolean | object;
    localGeocoder?: (query: string) => GeocoderFeature[];
    localGeocoderOnly?: boolean;
    externalGeocoder?: (query: string, features: GeocoderFeature[]) => Promise<GeocoderFeature[]>;
    enableEventLogging?: boolean;
    render?: (feature: GeocoderFeature) => string;
    getItemValue?: (feature: GeocoderFeature) => string;
  }

  export default class MapboxGeocoder implements IControl {
    constructor(options: GeocoderOptions);
    onAdd(map: unknown): HTMLElement;
    onRemove(map: unknown): void;
    on(type: 'result', listener: (event: { result: GeocoderFeature }) => void): this;
    on(type: string, listener: (event: unknown) => void): this;
    clear(): void;
  }
}
