// Which configured base map a loaded style is, and what follows from it (SPEC §3 'Map style').
import type { MapStyleConfig } from '@parcel-map/shared';

/** The config entry a loaded style belongs to: by url, else by case-insensitive name. */
export function matchLoadedStyle(
  styles: readonly MapStyleConfig[],
  loaded: { url?: string | null; name?: string | null },
): MapStyleConfig | undefined {
  const byUrl = loaded.url ? styles.find((style) => style.url === loaded.url) : undefined;
  if (byUrl) return byUrl;
  const name = loaded.name?.trim().toLowerCase();
  return name ? styles.find((style) => style.name.toLowerCase() === name) : undefined;
}

/** A style whose name contains 'satellite' is treated as satellite. */
export function isSatelliteStyleName(name: string | null | undefined): boolean {
  return (name ?? '').toLowerCase().includes('satellite');
}

/** True when the url is served by Mapbox, whose map loads are counted through its events API. */
export function isMapboxHostedUrl(url: string): boolean {
  if (url.startsWith('mapbox://')) return true;
  try {
    const { hostname } = new URL(url);
    return hostname === 'mapbox.com' || hostname.endsWith('.mapbox.com') || hostname.endsWith('.mapbox.cn');
  } catch {
    return false;
  }
}
