// The map screen's URL (SPEC issue #5 §9): ?pin= the selected parcel, &view=lng,lat,zoom the camera,
// &overlays= the county's overlay layers switched on (issue #23 §5); a shared link (issue #25) also
// has &style= the base map and &layers= the panel's own switches that are on.
import { OVERLAY_NAME_PATTERN } from '@parcel-map/shared/api';
import { MAP_VIEW_DEFAULTS } from '../../map/mapDefaults.ts';
import type { MapOverlaysState } from '../mapView/mapViewSlice.ts';

const PIN_PARAM = 'pin';
const VIEW_PARAM = 'view';
const STYLE_PARAM = 'style';
const LAYERS_PARAM = 'layers';
const OVERLAYS_PARAM = 'overlays';

/** The overlays' names in a link: short and stable, whatever the store calls them. */
const LAYER_NAMES: Record<keyof MapOverlaysState, string> = {
  ownerNames: 'owners',
  parcelOutlines: 'outlines',
  savedParcels: 'saved',
  contours: 'contours',
};

/** 'owners,outlines': the overlays that are on; '' when none is. */
function formatLayers(overlays: MapOverlaysState): string {
  return (Object.keys(LAYER_NAMES) as (keyof MapOverlaysState)[])
    .filter((overlay) => overlays[overlay])
    .map((overlay) => LAYER_NAMES[overlay])
    .join(',');
}

/** The overlays a link switches on (every other one off), or null without the parameter. */
function parseLayers(value: string | null): MapOverlaysState | null {
  if (value === null) return null;
  const names = new Set(value.split(',').map((name) => name.trim()));
  const overlays = {} as MapOverlaysState;
  for (const overlay of Object.keys(LAYER_NAMES) as (keyof MapOverlaysState)[]) overlays[overlay] = names.has(LAYER_NAMES[overlay]);
  return overlays;
}

/** The overlay layers a link switches on (every other one off), or null without the parameter. */
export function parseOverlayLayers(value: string | null): string[] | null {
  if (value === null) return null;
  return [...new Set(value.split(',').map((name) => name.trim()))].filter((name) => OVERLAY_NAME_PATTERN.test(name));
}

/** A base-map id from the URL: an id's characters, else nothing (an unknown id is ignored later). */
function parseStyle(value: string | null): string | null {
  return value && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : null;
}

export interface LinkView {
  lng: number;
  lat: number;
  zoom: number;
}

export function formatView({ lng, lat, zoom }: LinkView): string {
  return `${lng.toFixed(5)},${lat.toFixed(5)},${zoom.toFixed(2)}`;
}

/** The view in the URL, or null when it is missing or out of range. */
export function parseView(value: string | null): LinkView | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 3) return null;
  const [lng, lat, zoom] = parts as [number, number, number];
  if (![lng, lat, zoom].every(Number.isFinite)) return null;
  if (Math.abs(lng) > 180 || Math.abs(lat) > 85) return null;
  return { lng, lat, zoom: Math.min(MAP_VIEW_DEFAULTS.maxZoom, Math.max(MAP_VIEW_DEFAULTS.minZoom, zoom)) };
}

/** A PIN from the URL: the API's identifier rule, else nothing. */
export function parsePin(value: string | null): string | null {
  return value && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : null;
}

export interface DeepLink {
  pin: string | null;
  view: LinkView | null;
  style: string | null;
  overlays: MapOverlaysState | null;
  overlayLayers: string[] | null;
}

export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  return {
    pin: parsePin(params.get(PIN_PARAM)),
    view: parseView(params.get(VIEW_PARAM)),
    style: parseStyle(params.get(STYLE_PARAM)),
    overlays: parseLayers(params.get(LAYERS_PARAM)),
    overlayLayers: parseOverlayLayers(params.get(OVERLAYS_PARAM)),
  };
}

/** The search string of a shared view: every part of it, the opening view included. */
export function shareSearch({
  pin,
  view,
  style,
  overlays,
  overlayLayers,
}: {
  pin: string | null;
  view: LinkView;
  style: string | null;
  overlays: MapOverlaysState;
  overlayLayers: readonly string[];
}): string {
  const params = new URLSearchParams();
  if (pin) params.set(PIN_PARAM, pin);
  params.set(VIEW_PARAM, formatView(view));
  if (style) params.set(STYLE_PARAM, style);
  params.set(LAYERS_PARAM, formatLayers(overlays));
  if (overlayLayers.length > 0) params.set(OVERLAYS_PARAM, overlayLayers.join(','));
  return `?${params.toString()}`;
}

const OPENING_VIEW_TEXT = formatView(MAP_VIEW_DEFAULTS);

function withParam(search: string, name: string, value: string | null): string | null {
  const params = new URLSearchParams(search);
  if (params.get(name) === value) return null;
  if (value === null) params.delete(name);
  else params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The search string with this selection, or null when the URL has it already. */
export function searchWithPin(search: string, pin: string | null): string | null {
  return withParam(search, PIN_PARAM, pin);
}

/** The search string with these overlay layers on (none: no parameter), or null when the URL has them already. */
export function searchWithOverlayLayers(search: string, names: readonly string[]): string | null {
  return withParam(search, OVERLAYS_PARAM, names.length > 0 ? names.join(',') : null);
}

/**
 * The search string with this camera, or null when the URL has it already. The opening view needs
 * no parameter: a plain '/' stays plain until the user moves the map.
 */
export function searchWithView(search: string, view: LinkView): string | null {
  const text = formatView(view);
  if (text === OPENING_VIEW_TEXT && !new URLSearchParams(search).has(VIEW_PARAM)) return null;
  return withParam(search, VIEW_PARAM, text);
}
