// SPEC §2 search box (top-left): the Mapbox geocoder, fed with parcel matches from
// GET /api/parcels/search. Offline (no Mapbox-hosted styles) parcel search is its only source.
import MapboxGeocoder from '@mapbox/mapbox-gl-geocoder';
import '@mapbox/mapbox-gl-geocoder/dist/mapbox-gl-geocoder.css';
import type { Feature, Point } from 'geojson';
import type { Map as MapboxMap } from 'mapbox-gl';
import type { Bbox, ParcelSearchResponse, ParcelSearchResult, SearchPlace } from '@parcel-map/shared';
import { errorMessageOf, SEARCH_FAILED_MESSAGE, SEARCH_MIN_LENGTH } from '@parcel-map/shared/api';
import { suggestionCombobox } from './suggestionCombobox.ts';

/** SPEC §9 geocoder constants (the 200 ms key debounce and the zoom-9 proximity rule are the geocoder's defaults). */
const GEOCODER_OPTIONS = { minLength: SEARCH_MIN_LENGTH, limit: 5, zoom: 16 } as const;

export interface SearchControlOptions {
  accessToken: string;
  /** With Mapbox geocoding as well, or parcel search alone. */
  online: boolean;
  searchParcels(query: string): Promise<ParcelSearchResponse>;
  parcelChosen(pin: string): void;
  /** Enter with no suggestion highlighted, or 'See all N results': the full list of what the query finds. */
  allResultsRequested(query: string): void;
}

/** A parcel match as the geocoder lists it: a Carmen GeoJSON feature carrying the parcel's pin and its lines. */
export type ParcelSearchFeature = Feature<Point, Pick<ParcelSearchResult, 'pin' | 'matched'> & { owner: string | null; address: string | null }> & {
  place_name: string;
  text: string;
  center: [number, number];
  place_type: string[];
};

const addressOf = (result: ParcelSearchResult) => [result.add1, result.city].filter(Boolean).join(', ') || null;

export function parcelSearchFeature(result: ParcelSearchResult): ParcelSearchFeature {
  const center: [number, number] = [result.centroid.lng, result.centroid.lat];
  const address = addressOf(result);
  return {
    type: 'Feature',
    id: `parcel.${result.pin}`,
    // What the box shows once it is chosen.
    place_name: [result.owner, address, `PIN ${result.pin}`].filter(Boolean).join(' — '),
    text: result.owner ?? result.add1 ?? result.pin,
    center,
    place_type: ['parcel'],
    geometry: { type: 'Point', coordinates: center },
    properties: { pin: result.pin, matched: result.matched, owner: result.owner, address },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const line = (className: string, text: string) => `<div class="${className}">${escapeHtml(text)}</div>`;

/**
 * A suggestion as the list shows it. The list takes it as HTML, so every text is escaped (owner names
 * come from county files). A parcel's PIN has a line of its own that is never cut short, so a phone's
 * narrow box shows all of it (issue #42); other suggestions keep the geocoder's title and address lines.
 */
export function suggestionHtml(feature: { place_name: string; properties?: Record<string, unknown> | null }): string {
  const { pin, owner, address, seeAll } = feature.properties ?? {};
  const texts = (...candidates: unknown[]) => candidates.filter((text): text is string => typeof text === 'string' && text !== '');
  // A parcel: owner and address; 'See all 1,234 results': one line; a place: the geocoder's split.
  const [title, ...rest] = typeof pin === 'string' ? texts(owner, address) : seeAll !== undefined ? [feature.place_name] : feature.place_name.split(',');
  const lines = [
    title && line('mapboxgl-ctrl-geocoder--suggestion-title', title),
    rest.length > 0 && line('mapboxgl-ctrl-geocoder--suggestion-address', rest.join(',')),
    typeof pin === 'string' && line('search-suggestion__pin', `PIN ${pin}`),
  ];
  return `<div class="mapboxgl-ctrl-geocoder--suggestion">${lines.filter(Boolean).join('')}</div>`;
}

/** A road or a water body as the geocoder lists it: choosing one fits the map to its box. */
function placeSearchFeature(place: SearchPlace): Feature<Point, { place: string }> & { place_name: string; text: string; center: [number, number]; bbox: Bbox; place_type: string[] } {
  const [west, south, east, north] = place.bbox;
  const center: [number, number] = [(west + east) / 2, (south + north) / 2];
  const label = place.kind === 'road' ? `${place.name}${place.city ? `, ${place.city}` : ''} (road)` : `${place.name} (water)`;
  return {
    type: 'Feature',
    id: `place.${place.kind}.${place.name}.${place.city ?? ''}`,
    place_name: label,
    text: place.name,
    center,
    bbox: place.bbox,
    place_type: ['place'],
    geometry: { type: 'Point', coordinates: center },
    properties: { place: place.kind },
  };
}

/** The last line of the suggestions: every result, in the results panel. */
function seeAllFeature(query: string, response: ParcelSearchResponse, view: Bbox): Feature<Point, { seeAll: string }> & { place_name: string; text: string; center: [number, number]; bbox: Bbox; place_type: string[] } {
  // Its box is the view: choosing it leaves the camera where it is (the panel then fits its results).
  const center: [number, number] = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2];
  return {
    type: 'Feature',
    id: 'see-all',
    place_name: response.total === 1 && !response.capped ? 'See the result' : `See all ${response.total.toLocaleString('en-US')}${response.capped ? '+' : ''} results`,
    text: query,
    center,
    bbox: view,
    place_type: ['see-all'],
    geometry: { type: 'Point', coordinates: center },
    properties: { seeAll: query },
  };
}

/**
 * The box's suggestions (SPEC §9: five): matching roads and water first (at most two), then parcels;
 * and 'See all N results' below them when there are more parcels than shown.
 */
export function suggestionFeatures(query: string, response: ParcelSearchResponse, view: Bbox) {
  const places = response.places.slice(0, 2).map(placeSearchFeature);
  const parcels = response.results.slice(0, GEOCODER_OPTIONS.limit - places.length).map(parcelSearchFeature);
  const seeAll = response.total > 0 ? [seeAllFeature(query, response, view)] : [];
  return [...places, ...parcels, ...seeAll];
}

/** The search box over the map. */
export interface SearchBox {
  /** Empties the box when it still shows the parcel chosen from it (that parcel's panel was closed). */
  clearChosenParcel(): void;
  remove(): void;
}

/**
 * Adds the search box to `slot`, an element of the map screen outside the map: the box is not one of
 * the map's controls, so that Tab reaches it after the menu and before the map (issue #44). It still
 * flies the map to a place chosen and reads the view for its suggestions.
 */
export function addSearchControl(map: MapboxMap, slot: HTMLElement, options: SearchControlOptions): SearchBox {
  const geocoder = new MapboxGeocoder({
    accessToken: options.accessToken,
    placeholder: 'Search address, owner or PIN',
    ...GEOCODER_OPTIONS,
    // The list shows at most `limit` items: SPEC's five suggestions and 'See all N results' below them.
    limit: GEOCODER_OPTIONS.limit + 1,
    marker: false,
    render: suggestionHtml,
    trackProximity: true,
    enableEventLogging: options.online,
    ...(options.online ? {} : { localGeocoder: () => [], localGeocoderOnly: true }),
    externalGeocoder: async (query) => {
      failure.clear();
      if (query.trim().length < GEOCODER_OPTIONS.minLength) return [];
      try {
        const bounds = map.getBounds();
        const view: Bbox = bounds ? [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] : [-180, -85, 180, 85];
        return suggestionFeatures(query.trim(), await options.searchParcels(query.trim()), view);
      } catch (error) {
        console.error('Parcel search failed:', error);
        failure.show(errorMessageOf(error) ?? SEARCH_FAILED_MESSAGE);
        return [];
      }
    },
  });
  // What map.addControl would do, into the slot: the geocoder keeps the map it flies.
  const box = geocoder.onAdd(map);
  slot.append(box);
  const failure = searchFailureNotice(box);
  // The text the box shows for the parcel chosen last; null once the user typed something else.
  let chosenParcelText: string | null = null;
  geocoder.on('result', ({ result }) => {
    const pin = result.properties?.pin;
    const seeAll = result.properties?.seeAll;
    chosenParcelText = typeof pin === 'string' ? result.place_name : null;
    if (typeof pin === 'string') options.parcelChosen(pin);
    if (typeof seeAll === 'string') {
      geocoder.setInput(seeAll);
      options.allResultsRequested(seeAll);
    }
  });
  geocoder.on('clear', () => failure.clear());
  const removeCombobox = suggestionCombobox(box, { allResultsRequested: options.allResultsRequested, minLength: GEOCODER_OPTIONS.minLength });
  // Offline no result comes from Mapbox, so the suggestion list's 'Powered by Mapbox' line is hidden (mapScreen.css).
  box.dataset.search = options.online ? 'online' : 'offline';
  return {
    clearChosenParcel() {
      const input = box.querySelector<HTMLInputElement>('input');
      if (!input || chosenParcelText === null || input.value !== chosenParcelText) return;
      chosenParcelText = null;
      const hadFocus = document.activeElement === input;
      // clear() also forgets the last choice, so the same parcel can be chosen again; it focuses the
      // box, which would open a phone's keyboard after closing a panel.
      geocoder.clear();
      if (!hadFocus) input.blur();
    },
    remove() {
      removeCombobox();
      geocoder.onRemove();
    },
  };
}

/**
 * Says under the box why a search failed (the API busy with this user's searches, the server out of
 * reach): the geocoder itself would say 'No results found' (mapbox-gl-geocoder turns a failed external
 * search into an empty one), which is not true. The box carries `data-search-failed` meanwhile, which
 * hides that line (mapScreen.css). The notice is there, empty, from the start: a status region
 * announces what is written into it, not what arrives with it.
 */
function searchFailureNotice(box: HTMLElement): { show(message: string): void; clear(): void } {
  const notice = document.createElement('p');
  notice.className = 'search-failure';
  notice.setAttribute('role', 'status');
  box.append(notice);
  return {
    show(message) {
      notice.textContent = message;
      box.setAttribute('data-search-failed', '');
    },
    clear() {
      notice.textContent = '';
      box.removeAttribute('data-search-failed');
    },
  };
}
