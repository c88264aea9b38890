// Drawing a measurement from the keyboard (issue #44). While the map has keyboard focus a crosshair
// marks its centre and the arrow keys move the map under it, as when Enter chooses a parcel there: the
// crosshair never leaves the screen and a line can run past the first view. So Enter places the next
// vertex (or the point) at the crosshair. SPEC's keys hold: Escape cancels; Enter still finishes —
// pressed again without moving, the crosshair is on the last vertex, which Draw takes as finishing
// (as a click there); and a shape drawn with the pointer is finished by Enter as before, unless the
// arrow keys moved the map while it was drawn.
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import type { DrawCustomMode, MapMouseEvent } from '@mapbox/mapbox-gl-draw';
import type { Map as MapboxMap } from 'mapbox-gl';

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** What a drawing mode keeps: Draw's own state, with whether the arrow keys moved the map since it began. */
interface CrosshairState {
  /** Draw's drawing modes: the index of the vertex following the pointer, so the number placed. */
  currentVertexPosition?: number;
  crosshairMoved?: boolean;
}

/** A click at the map's centre, where the crosshair is, on no drawn feature: what Draw's modes take to place a vertex. */
function clickAtCrosshair(map: MapboxMap): MapMouseEvent {
  const canvas = map.getCanvas();
  return { lngLat: map.getCenter(), point: { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 }, originalEvent: new MouseEvent('click') } as unknown as MapMouseEvent;
}

function withCrosshair(mode: DrawCustomMode, map: MapboxMap): DrawCustomMode<CrosshairState> {
  return {
    ...mode,
    onKeyDown(state, event) {
      if (ARROW_KEYS.has(event.key)) state.crosshairMoved = true;
      mode.onKeyDown?.call(this, state, event);
    },
    onKeyUp(state, event) {
      const keyboardDrawing = !state.currentVertexPosition || state.crosshairMoved === true;
      if (event.key === 'Enter' && event.target === map.getCanvas() && keyboardDrawing) mode.onClick?.call(this, state, clickAtCrosshair(map));
      else mode.onKeyUp?.call(this, state, event);
    },
  };
}

/** Draw's modes, the three drawing ones taking Enter at the crosshair. */
export function crosshairDrawModes(map: MapboxMap) {
  const { draw_line_string, draw_polygon, draw_point } = MapboxDraw.modes;
  return {
    ...MapboxDraw.modes,
    draw_line_string: withCrosshair(draw_line_string, map),
    draw_polygon: withCrosshair(draw_polygon, map),
    draw_point: withCrosshair(draw_point, map),
  };
}
