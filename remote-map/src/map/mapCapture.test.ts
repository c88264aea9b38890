import type { Map as MapboxMap } from 'mapbox-gl';
import { captureMap } from './mapCapture.ts';

/** The map calls the capture makes, in order, and an 'idle' the test fires when it chooses. */
function fakeMap() {
  const calls: string[] = [];
  const idleListeners = new Set<() => void>();
  const canvas = document.createElement('canvas');
  vi.spyOn(canvas, 'toDataURL').mockImplementation(() => {
    calls.push(`toDataURL at ratio ${window.devicePixelRatio}`);
    return 'data:image/png;base64,AAAA';
  });
  let view = { center: { lng: -80.86, lat: 35.62 }, zoom: 13, bearing: 30, pitch: 10 };
  const map = {
    getCenter: () => view.center,
    getZoom: () => view.zoom,
    getBearing: () => view.bearing,
    getPitch: () => view.pitch,
    jumpTo(options: { center: { lng: number; lat: number } | [number, number]; zoom: number; bearing: number; pitch: number }) {
      const center = Array.isArray(options.center) ? { lng: options.center[0], lat: options.center[1] } : options.center;
      view = { center, zoom: options.zoom, bearing: options.bearing, pitch: options.pitch };
      calls.push(`jumpTo ${center.lng},${center.lat} z${options.zoom} bearing ${options.bearing}`);
    },
    resize: () => calls.push(`resize at ratio ${window.devicePixelRatio}`),
    once: (_type: 'idle', listener: () => void) => void idleListeners.add(listener),
    off: (_type: 'idle', listener: () => void) => void idleListeners.delete(listener),
    triggerRepaint: () => calls.push('triggerRepaint'),
    getCanvas: () => canvas,
    getStyle: () => ({ sources: { base: { type: 'vector', attribution: '&copy; County GIS' } } }),
  };
  const fireIdle = () => {
    for (const listener of [...idleListeners]) {
      idleListeners.delete(listener);
      listener();
    }
  };
  return { map: map as unknown as MapboxMap, calls, fireIdle, idleListeners };
}

const request = { lng: -80.85, lat: 35.61, zoom: 17.61, widthPx: 710, heightPx: 739 };

describe('captureMap', () => {
  it('copies the canvas only after the map is idle at the requested view and size, then puts the map back', async () => {
    const { map, calls, fireIdle } = fakeMap();
    const container = document.createElement('div');
    container.style.width = '100%';
    const capture = captureMap(map, container, request, new AbortController().signal);
    await Promise.resolve();
    expect(container.style.width).toBe('710px');
    expect(container.style.height).toBe('739px');
    expect(calls).toEqual(['resize at ratio 2', 'jumpTo -80.85,35.61 z17.61 bearing 0', 'triggerRepaint']);

    fireIdle();
    expect(await capture).toEqual({ png: 'data:image/png;base64,AAAA', credits: ['© County GIS'] });
    expect(calls.slice(3)).toEqual(['toDataURL at ratio 2', `resize at ratio ${window.devicePixelRatio}`, 'jumpTo -80.86,35.62 z13 bearing 30']);
    expect(window.devicePixelRatio).toBe(1);
    expect(container.style.width).toBe('100%');
    expect(container.style.height).toBe('');
  });

  it('gives up when aborted before the map is idle, and still puts the map back', async () => {
    const { map, calls, idleListeners } = fakeMap();
    const container = document.createElement('div');
    const controller = new AbortController();
    const capture = captureMap(map, container, request, controller.signal);
    controller.abort(new Error('closed'));
    await expect(capture).rejects.toThrow('closed');
    expect(calls).not.toContain('toDataURL at ratio 2');
    expect(calls.at(-1)).toBe('jumpTo -80.86,35.62 z13 bearing 30');
    expect(idleListeners.size).toBe(0);
    expect(container.style.width).toBe('');
  });
});
