// Keeps the map drawing the overlay layers switched on: each served overlay the panel has on, with
// its tiles' URL template made absolute against the API base (it comes relative to it).
import { useEffect, useMemo } from 'react';
import { selectRuntimeConfig, useAppSelector } from '@parcel-map/shared';
import type { MapController } from '../../map/mapController.ts';
import type { OverlayLayer } from '../../map/overlayLayers.ts';
import { selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { useSwitchableOverlays } from './overlaysApi.ts';

/** The template resolved as the API client resolves its paths, its `{z}/{x}/{y}` left for the map. */
export function overlayTilesUrl(apiBaseUrl: string, template: string): string {
  return new URL(template, apiBaseUrl).href.replace(/%7B([zxy])%7D/g, '{$1}');
}

/** The overlays shown, in the order they were switched on. */
export function useShownOverlayLayers(): OverlayLayer[] {
  const overlays = useSwitchableOverlays();
  const shown = useAppSelector(selectShownOverlayLayers);
  const apiBaseUrl = useAppSelector(selectRuntimeConfig)?.apiBaseUrl;
  return useMemo(() => {
    if (!overlays || !apiBaseUrl) return [];
    return shown.flatMap((name) => {
      const overlay = overlays.find((candidate) => candidate.name === name);
      if (!overlay) return [];
      const { label, geometryType, style, legend, fields } = overlay;
      return [{ name, label, geometryType, tilesUrl: overlayTilesUrl(apiBaseUrl, overlay.tiles), style, legend, fields }];
    });
  }, [overlays, shown, apiBaseUrl]);
}

export function useOverlayLayersOnMap(controller: MapController | null, layers: readonly OverlayLayer[]): void {
  useEffect(() => {
    controller?.draw('overlays', { overlays: layers });
  }, [controller, layers]);
}
