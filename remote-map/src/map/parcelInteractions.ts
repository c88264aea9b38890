// Pointer handling over the parcel layers: hover highlight (at most one filter update per frame),
// pointer cursor, and clicks reported to the controller's owner, who decides what they mean.
import type { GeoJSONFeature, Map as MapboxMap, MapMouseEvent } from 'mapbox-gl';
import { PARCEL_LAYER_IDS } from './parcelLayers.ts';
import { parcelPin } from './parcelFeature.ts';
import { SAVED_LAYER_IDS } from './savedParcelsLayer.ts';

export interface ParcelClickHandlers {
  /** A parcel with a pin and a geometry was clicked. */
  parcelClicked(pin: string): void;
  backgroundClicked(): void;
  /** A saved-parcel marker was clicked: its parcel, whatever is selected. */
  savedParcelClicked(pin: string): void;
  /** Enter on the focused map: the parcel under the crosshair at its centre (issue #25, keyboard). */
  centreParcelChosen(pin: string): void;
}

/** What the map canvas says it is to a screen reader: how to use it without a mouse. */
const MAP_CANVAS_LABEL = 'Map. Arrow keys pan, plus and minus zoom, Enter selects the parcel at the centre, or while measuring adds a point there.';

/** A marker is small: a click this many pixels around it still hits it. */
const MARKER_HIT_PX = 6;

/** The highlights as the controller holds them: the selected pin, and where the hover goes. */
export interface ParcelHighlights {
  selectedPin(): string | null;
  hover(pin: string | null): void;
}

/** Hover and selection need a pin and a geometry. */
function pinOf(feature: GeoJSONFeature | undefined): string | null {
  return feature?.geometry ? parcelPin(feature.properties) : null;
}

export function attachParcelInteractions(
  map: MapboxMap,
  highlights: ParcelHighlights,
  handlers: ParcelClickHandlers,
): { clearHover(): void; detach(): void } {
  let pendingHover: string | null = null;
  let frame: number | null = null;

  const applyHover = (pin: string | null) => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    pendingHover = pin;
    highlights.hover(pin);
  };

  // mousemove fires far more often than the screen refreshes: keep the latest pin, flush per frame.
  const scheduleHover = (pin: string | null) => {
    pendingHover = pin;
    if (frame !== null) return;
    frame = requestAnimationFrame(() => {
      frame = null;
      applyHover(pendingHover);
    });
  };

  const onMove = (event: MapMouseEvent) => {
    const pin = pinOf(event.features?.[0]);
    map.getCanvas().style.cursor = pin ? 'pointer' : '';
    scheduleHover(highlights.selectedPin() ? null : pin);
  };

  const onLeave = () => {
    map.getCanvas().style.cursor = '';
    scheduleHover(null);
  };

  const savedMarkerAt = (event: MapMouseEvent): string | null => {
    const layers = [SAVED_LAYER_IDS.marker, SAVED_LAYER_IDS.halo].filter((id) => map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'none');
    if (layers.length === 0) return null;
    const { x, y } = event.point;
    const hits = map.queryRenderedFeatures(
      [
        [x - MARKER_HIT_PX, y - MARKER_HIT_PX],
        [x + MARKER_HIT_PX, y + MARKER_HIT_PX],
      ],
      { layers },
    );
    const pin: unknown = hits[0]?.properties?.pin;
    return typeof pin === 'string' && pin ? pin : null;
  };

  const onClick = (event: MapMouseEvent) => {
    const savedPin = savedMarkerAt(event);
    if (savedPin) {
      applyHover(null);
      handlers.savedParcelClicked(savedPin);
      return;
    }
    const features = map.getLayer(PARCEL_LAYER_IDS.fill) ? map.queryRenderedFeatures(event.point, { layers: [PARCEL_LAYER_IDS.fill] }) : [];
    const pin = features.map(pinOf).find((candidate) => candidate !== null);
    if (pin) {
      applyHover(null);
      handlers.parcelClicked(pin);
    } else {
      handlers.backgroundClicked();
    }
  };

  const canvas = map.getCanvas();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!map.getLayer(PARCEL_LAYER_IDS.fill)) return;
    const centre: [number, number] = [canvas.clientWidth / 2, canvas.clientHeight / 2];
    const pin = map.queryRenderedFeatures(centre, { layers: [PARCEL_LAYER_IDS.fill] }).map(pinOf).find((candidate) => candidate !== null);
    if (pin) handlers.centreParcelChosen(pin);
  };
  canvas.setAttribute('aria-label', MAP_CANVAS_LABEL);
  canvas.addEventListener('keydown', onKeyDown);

  map.on('mousemove', PARCEL_LAYER_IDS.fill, onMove);
  map.on('mouseleave', PARCEL_LAYER_IDS.fill, onLeave);
  map.on('click', onClick);

  return {
    clearHover: () => applyHover(null),
    detach: () => {
      if (frame !== null) cancelAnimationFrame(frame);
      map.off('mousemove', PARCEL_LAYER_IDS.fill, onMove);
      map.off('mouseleave', PARCEL_LAYER_IDS.fill, onLeave);
      map.off('click', onClick);
      canvas.removeEventListener('keydown', onKeyDown);
    },
  };
}
