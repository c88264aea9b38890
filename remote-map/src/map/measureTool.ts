// The measure tools' map side: a Draw instance with its controls hidden (SPEC §2), driven by the
// palette. Reports the shape being drawn after every Draw render so the readout is live.
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import type { Feature, Geometry } from 'geojson';
import type { Map as MapboxMap } from 'mapbox-gl';
import { measureLine, measurePolygon, type Measurement, type Position } from '@parcel-map/shared/measure';
import { MEASURE_COLOR } from '../features/measure/measureColor.ts';
import { measureKeyAction } from '../features/measure/measureKeys.ts';
import { crosshairDrawModes } from './crosshairDrawing.ts';

type MeasureToolMode = 'distance' | 'area' | 'point';

export interface MeasureToolEvents {
  measured(measurement: Measurement | null): void;
  /** Drawing ended: finished (Enter, double click, last vertex) or cancelled (Escape). */
  stopped(): void;
  /** Key 2 or 3 on the map: the palette chooses the mode, so the store and the map stay in step. */
  modeKeyPressed(mode: MeasureToolMode): void;
}

export interface MeasureTool {
  start(mode: MeasureToolMode): void;
  clear(): void;
  remove(): void;
}

/**
 * Our own Draw styles: Draw 1.5's defaults give 'line-dasharray' a bare array inside an expression,
 * which mapbox-gl v3 rejects, so drawn lines (and outlines) never render (mapbox-gl-draw#1357).
 */
const MEASURE_DRAW_STYLES = [
  {
    id: 'measure-fill',
    type: 'fill',
    filter: ['all', ['==', '$type', 'Polygon']],
    paint: { 'fill-color': MEASURE_COLOR, 'fill-opacity': 0.15 },
  },
  {
    id: 'measure-line',
    type: 'line',
    filter: ['any', ['==', '$type', 'LineString'], ['==', '$type', 'Polygon']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': MEASURE_COLOR, 'line-width': 3 },
  },
  {
    id: 'measure-vertex',
    type: 'circle',
    filter: ['all', ['==', 'meta', 'vertex'], ['==', '$type', 'Point']],
    paint: { 'circle-radius': 5, 'circle-color': '#ffffff', 'circle-stroke-color': MEASURE_COLOR, 'circle-stroke-width': 2 },
  },
  {
    id: 'measure-midpoint',
    type: 'circle',
    filter: ['all', ['==', 'meta', 'midpoint'], ['==', '$type', 'Point']],
    paint: { 'circle-radius': 3, 'circle-color': MEASURE_COLOR },
  },
  {
    id: 'measure-point',
    type: 'circle',
    filter: ['all', ['==', 'meta', 'feature'], ['==', '$type', 'Point']],
    paint: { 'circle-radius': 5, 'circle-color': MEASURE_COLOR },
  },
];

/** SPEC §9 drawing tolerances. */
const DRAW_OPTIONS = {
  styles: MEASURE_DRAW_STYLES,
  displayControlsDefault: false,
  controls: {},
  keybindings: true,
  touchEnabled: true,
  boxSelect: false,
  clickBuffer: 2,
  touchBuffer: 25,
} as const;

function measureGeometry(geometry: Geometry | null | undefined): Measurement | null {
  if (geometry?.type === 'Point') {
    const [lng, lat] = geometry.coordinates;
    return typeof lng === 'number' && typeof lat === 'number' ? { kind: 'point', position: [lng, lat] } : null;
  }
  if (geometry?.type === 'LineString') return measureLine(geometry.coordinates as Position[]);
  if (geometry?.type === 'Polygon') return measurePolygon((geometry.coordinates[0] ?? []) as Position[]);
  return null;
}

export function createMeasureTool(map: MapboxMap, events: MeasureToolEvents): MeasureTool {
  const draw = new MapboxDraw({ ...DRAW_OPTIONS, modes: crosshairDrawModes(map) });
  map.addControl(draw);
  let drawing = false;

  const latest = (): Feature | undefined => {
    const { features } = draw.getAll();
    return features[features.length - 1];
  };

  const onRender = () => {
    if (!drawing) return;
    events.measured(measureGeometry(latest()?.geometry));
  };

  const onCreate = (event: { features: Feature[] }) => {
    for (const feature of event.features) {
      const measurement = measureGeometry(feature.geometry);
      // A shape too short to measure is discarded (SPEC §4).
      if (!measurement && feature.id !== undefined) draw.delete(String(feature.id));
      else events.measured(measurement);
    }
  };

  // SPEC §4: double-click zoom stays off from choosing a mode until Clear or Close. Draw turns it
  // back on (in a 0 ms timer) whenever it leaves a drawing mode; this runs after that timer.
  let measuring = false;
  const keepDoubleClickZoomOff = () =>
    setTimeout(() => {
      if (measuring) map.doubleClickZoom.disable();
    }, 0);

  const onModeChange = (event: { mode: string }) => {
    if (measuring) keepDoubleClickZoomOff();
    if (event.mode === 'draw_line_string' || event.mode === 'draw_polygon' || event.mode === 'draw_point') return;
    if (!drawing) return;
    drawing = false;
    // Cancelled with Escape: Draw removes the unfinished feature; no readout remains for it.
    if (draw.getAll().features.length === 0) events.measured(null);
    events.stopped();
  };

  // Like Draw's own bindings, only keys pressed on the map canvas count (not in the search box).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== map.getCanvas()) return;
    const action = measureKeyAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'mode') {
      events.modeKeyPressed(action.mode);
      return;
    }
    // While drawing, Draw's trash deletes the unfinished shape and leaves the mode (onModeChange
    // reports it); otherwise it deletes the selected shape, and no readout may outlive it.
    draw.trash();
    if (!drawing && draw.getAll().features.length === 0) events.measured(null);
  };

  map.getContainer().addEventListener('keydown', onKeyDown);
  map.on('draw.render', onRender);
  map.on('draw.create', onCreate);
  map.on('draw.modechange', onModeChange);

  const reset = () => {
    drawing = false;
    measuring = false;
    draw.deleteAll();
    if (draw.getMode() !== 'simple_select') draw.changeMode('simple_select');
    map.doubleClickZoom.enable();
  };

  return {
    start(mode) {
      draw.deleteAll();
      map.doubleClickZoom.disable();
      measuring = true;
      drawing = true;
      if (mode === 'distance') draw.changeMode('draw_line_string');
      else if (mode === 'area') draw.changeMode('draw_polygon');
      else draw.changeMode('draw_point');
      events.measured(null);
      // Draw's keys (Enter, Escape) and ours act on the focused map canvas.
      map.getCanvas().focus();
    },
    clear: reset,
    remove() {
      map.off('draw.render', onRender);
      map.off('draw.create', onCreate);
      map.off('draw.modechange', onModeChange);
      map.getContainer().removeEventListener('keydown', onKeyDown);
      reset();
      map.removeControl(draw);
    },
  };
}
