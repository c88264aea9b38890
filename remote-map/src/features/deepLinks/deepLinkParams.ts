// The map screen's URL (SPEC issue #5 §9): ?pin= the selected parcel, &view=lng,lat,zoom the camera.
import { MAP_VIEW_DEFAULTS } from '../../map/mapDefaults.ts';

export const PIN_PARAM = 'pin';
export const VIEW_PARAM = 'view';

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
}

export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  return { pin: parsePin(params.get(PIN_PARAM)), view: parseView(params.get(VIEW_PARAM)) };
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

/**
 * The search string with this camera, or null when the URL has it already. The opening view needs
 * no parameter: a plain '/' stays plain until the user moves the map.
 */
export function searchWithView(search: string, view: LinkView): string | null {
  const text = formatView(view);
  if (text === OPENING_VIEW_TEXT && !new URLSearchParams(search).has(VIEW_PARAM)) return null;
  return withParam(search, VIEW_PARAM, text);
}
