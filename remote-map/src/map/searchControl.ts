// SPEC §2 search box (top-left): the Mapbox geocoder, fed with parcel matches from
// GET /api/parcels/search. Offline (no Mapbox-hosted styles) parcel search is its only source.
import MapboxGeocoder from '@mapbox/mapbox-gl-geocoder';
import '@mapbox/mapbox-gl-geocoder/dist/mapbox-gl-geocoder.css';
import type { Feature, Point } from 'geojson';
import type { Map as MapboxMap } from 'mapbox-gl';
import type { ParcelSearchResponse, ParcelSearchResult } from '@parcel-map/shared';
import { SEARCH_MIN_LENGTH } from '@parcel-map/shared/api';
import { publishMapState } from './mapStatePublication.ts';

/** SPEC §9 geocoder constants (the 200 ms key debounce and the zoom-9 proximity rule are the geocoder's defaults). */
export const GEOCODER_OPTIONS = { minLength: SEARCH_MIN_LENGTH, limit: 5, zoom: 16 } as const;

export interface SearchControlOptions {
  accessToken: string;
  /** With Mapbox geocoding as well, or parcel search alone. */
  online: boolean;
  searchParcels(query: string): Promise<ParcelSearchResponse>;
  parcelChosen(pin: string): void;
}

/** A parcel match as the geocoder lists it: a Carmen GeoJSON feature carrying the parcel's pin. */
export type ParcelSearchFeature = Feature<Point, Pick<ParcelSearchResult, 'pin' | 'matched'>> & {
  place_name: string;
  text: string;
  center: [number, number];
  place_type: string[];
};

function resultLabel(result: ParcelSearchResult): string {
  const address = [result.add1, result.city].filter(Boolean).join(', ');
  return [result.owner, address, `PIN ${result.pin}`].filter(Boolean).join(' — ');
}

export function parcelSearchFeature(result: ParcelSearchResult): ParcelSearchFeature {
  const center: [number, number] = [result.centroid.lng, result.centroid.lat];
  return {
    type: 'Feature',
    id: `parcel.${result.pin}`,
    place_name: resultLabel(result),
    text: result.owner ?? result.add1 ?? result.pin,
    center,
    place_type: ['parcel'],
    geometry: { type: 'Point', coordinates: center },
    properties: { pin: result.pin, matched: result.matched },
  };
}

export function addSearchControl(map: MapboxMap, options: SearchControlOptions): () => void {
  const geocoder = new MapboxGeocoder({
    accessToken: options.accessToken,
    placeholder: 'Search address, owner or PIN',
    ...GEOCODER_OPTIONS,
    marker: false,
    trackProximity: true,
    enableEventLogging: options.online,
    ...(options.online ? {} : { localGeocoder: () => [], localGeocoderOnly: true }),
    externalGeocoder: async (query) => {
      if (query.trim().length < GEOCODER_OPTIONS.minLength) return [];
      try {
        return (await options.searchParcels(query.trim())).results.slice(0, GEOCODER_OPTIONS.limit).map(parcelSearchFeature);
      } catch (error) {
        console.error('Parcel search failed:', error);
        return [];
      }
    },
  });
  geocoder.on('result', ({ result }) => {
    const pin = result.properties?.pin;
    if (typeof pin === 'string') options.parcelChosen(pin);
  });
  map.addControl(geocoder, 'top-left');
  // Offline no result comes from Mapbox, so the suggestion list's 'Powered by Mapbox' line is hidden (mapScreen.css).
  publishMapState(map.getContainer(), { search: options.online ? 'online' : 'offline' });
  return () => {
    map.removeControl(geocoder);
    publishMapState(map.getContainer(), { search: null });
  };
}
