// The print's map picture: the map drawn at a requested view and size, copied only once it is idle
// there (every tile loaded, nothing moving), then put back as it was. It is the live map, resized
// behind the print dialog, so every layer the user sees is on the picture as drawn.
import type { Map as MapboxMap } from 'mapbox-gl';
import { mapCredits } from './mapCredits.ts';

/** The picture's view and its size in CSS pixels. */
export interface CaptureRequest {
  lng: number;
  lat: number;
  zoom: number;
  widthPx: number;
  heightPx: number;
}

export interface MapCapture {
  /** PNG data URL, `PRINT_PIXEL_RATIO` device pixels to each CSS pixel of the request. */
  png: string;
  /** Who the drawn map is owed to (mapCredits.ts). */
  credits: string[];
}

/** 192 device pixels to the inch on paper: mapbox-gl sizes its canvas by the window's devicePixelRatio. */
const PRINT_PIXEL_RATIO = 2;

type CapturedMap = Pick<MapboxMap, 'getCenter' | 'getZoom' | 'getBearing' | 'getPitch' | 'jumpTo' | 'resize' | 'once' | 'off' | 'triggerRepaint' | 'getCanvas' | 'getStyle'>;

/** The window's devicePixelRatio read as `ratio` until the returned function puts it back. */
function overridePixelRatio(ratio: number): () => void {
  const own = Object.getOwnPropertyDescriptor(window, 'devicePixelRatio');
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: () => ratio });
  return () => {
    if (own) Object.defineProperty(window, 'devicePixelRatio', own);
    else delete (window as { devicePixelRatio?: number }).devicePixelRatio;
  };
}

function idle(map: CapturedMap, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onIdle = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      map.off('idle', onIdle);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    map.once('idle', onIdle);
    // A map already idle at this view draws no frame by itself, and only a frame ends in 'idle'.
    map.triggerRepaint();
  });
}

/** Draws `request` on `map` (its container `container`), waits for 'idle', copies the canvas and restores the map; `signal` gives up. */
export async function captureMap(map: CapturedMap, container: HTMLElement, request: CaptureRequest, signal: AbortSignal): Promise<MapCapture> {
  signal.throwIfAborted();
  const before = { center: map.getCenter(), zoom: map.getZoom(), bearing: map.getBearing(), pitch: map.getPitch() };
  const size = { width: container.style.width, height: container.style.height };
  const restorePixelRatio = overridePixelRatio(Math.max(PRINT_PIXEL_RATIO, window.devicePixelRatio || 1));
  try {
    container.style.width = `${request.widthPx}px`;
    container.style.height = `${request.heightPx}px`;
    map.resize();
    // North up and looking straight down: the printed north arrow and scale hold.
    map.jumpTo({ center: [request.lng, request.lat], zoom: request.zoom, bearing: 0, pitch: 0 });
    await idle(map, signal);
    return { png: map.getCanvas().toDataURL('image/png'), credits: mapCredits(map) };
  } finally {
    restorePixelRatio();
    container.style.width = size.width;
    container.style.height = size.height;
    map.resize();
    map.jumpTo(before);
  }
}
