// Drawing from the keyboard: Draw's own drawing modes, wrapped, on the fake map. Enter places a vertex
// where the crosshair is (the map's centre), the arrow keys having moved the map under it.
import type { DrawCustomMode } from '@mapbox/mapbox-gl-draw';
import { FakeMap } from './testing/fakeMap.ts';
import { crosshairDrawModes } from './crosshairDrawing.ts';

/** Draw's shape as its modes change it: coordinates set by path ('2' on a line, '0.2' on a ring, '' for a point). */
function drawnShape() {
  const shape = {
    id: 'shape',
    coordinates: [] as unknown[],
    updateCoordinate(path: string | number, lng: number, lat: number) {
      const [first, second] = String(path).split('.').map(Number);
      if (path === '') shape.coordinates = [lng, lat];
      else if (second === undefined) shape.coordinates[first!] = [lng, lat];
      else ((shape.coordinates[first!] ??= []) as unknown[])[second] = [lng, lat];
    },
    toGeoJSON: () => ({ type: 'Feature', geometry: { type: 'Point', coordinates: shape.coordinates } }),
  };
  return shape;
}

function setUp(modeName: 'draw_line_string' | 'draw_polygon' | 'draw_point') {
  const fake = new FakeMap([{ url: 'mapbox://styles/test' }]);
  const mode = crosshairDrawModes(fake.map)[modeName] as DrawCustomMode;
  // What Draw's mode interface gives a mode as `this`: here only what placing and finishing call.
  const draw = { ...mode, map: fake.map, updateUIClasses: vi.fn(), changeMode: vi.fn(), fire: vi.fn(), deleteFeature: vi.fn() };
  const shape = drawnShape();
  const state = modeName === 'draw_line_string' ? { line: shape, currentVertexPosition: 0, direction: 'forward' } : modeName === 'draw_polygon' ? { polygon: shape, currentVertexPosition: 0 } : { point: shape };
  const key = (name: string, target: EventTarget = fake.canvas) => {
    const event = { key: name, target } as unknown as KeyboardEvent;
    mode.onKeyDown!.call(draw as never, state, event);
    mode.onKeyUp!.call(draw as never, state, event);
  };
  const moveMapTo = (lng: number, lat: number) => {
    fake.jumpTo({ center: [lng, lat] });
    key('ArrowRight');
  };
  return { fake, draw, shape, state, key, moveMapTo };
}

describe('Drawing a measurement from the keyboard', () => {
  it('places each vertex of a line at the crosshair as the arrow keys move the map, and Enter without moving finishes it', () => {
    const { draw, shape, key, moveMapTo } = setUp('draw_line_string');
    key('Enter');
    moveMapTo(-80.85, 35.62);
    key('Enter');
    moveMapTo(-80.85, 35.63);
    key('Enter');
    // Draw keeps one more coordinate, the one that follows the pointer: here the crosshair.
    expect(shape.coordinates).toEqual([[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.85, 35.63]]);
    expect(draw.changeMode).not.toHaveBeenCalled();
    key('Enter');
    expect(draw.changeMode).toHaveBeenCalledWith('simple_select', { featureIds: ['shape'] });
    expect(shape.coordinates).toHaveLength(4);
  });

  it("places an area's corners at the crosshair", () => {
    const { shape, key, moveMapTo } = setUp('draw_polygon');
    key('Enter');
    moveMapTo(-80.85, 35.62);
    key('Enter');
    moveMapTo(-80.85, 35.63);
    key('Enter');
    expect(shape.coordinates[0]).toEqual([[-80.86, 35.62], [-80.85, 35.62], [-80.85, 35.63], [-80.85, 35.63]]);
  });

  it('marks a point at the crosshair', () => {
    const { draw, shape, key, moveMapTo } = setUp('draw_point');
    moveMapTo(-80.84, 35.61);
    key('Enter');
    expect(shape.coordinates).toEqual([-80.84, 35.61]);
    expect(draw.fire).toHaveBeenCalledWith('draw.create', expect.anything());
  });

  it('keeps SPEC\'s keys for a shape drawn with the pointer: Enter finishes it, Escape cancels and deletes it', () => {
    const { draw, shape, state, key } = setUp('draw_line_string');
    // Two clicks placed two vertices; the map was not moved with the arrow keys.
    shape.coordinates = [[-80.9, 35.6], [-80.8, 35.6], [-80.8, 35.6]];
    state.currentVertexPosition = 2;
    key('Enter');
    expect(draw.changeMode).toHaveBeenCalledWith('simple_select', { featureIds: ['shape'] });
    expect(shape.coordinates).toHaveLength(3);
    key('Escape');
    expect(draw.deleteFeature).toHaveBeenCalledWith(['shape'], { silent: true });
  });

  it('takes Enter at the crosshair only on the map itself', () => {
    const { draw, shape, key } = setUp('draw_line_string');
    key('Enter', document.createElement('input'));
    expect(shape.coordinates).toEqual([]);
    expect(draw.changeMode).toHaveBeenCalledWith('simple_select', { featureIds: ['shape'] });
  });
});
