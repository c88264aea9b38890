import type { Map as MapboxMap } from 'mapbox-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPanelReveal } from './panelReveal.ts';

// What panelReveal reads of the map: whether the camera moves, its end, and where a point is drawn.
function cameraStub(pointY: number) {
  let moving = false;
  const moveEnds: Array<() => void> = [];
  const map = {
    isMoving: () => moving,
    once: (type: string, listener: () => void) => {
      if (type === 'moveend') moveEnds.push(listener);
    },
    project: () => ({ x: 100, y: pointY }),
    panBy: vi.fn(),
  };
  const container = { clientHeight: 640 } as HTMLElement;
  return {
    reveal: createPanelReveal(map as unknown as MapboxMap, container),
    panBy: map.panBy,
    startMoving: () => (moving = true),
    endMove: () => {
      moving = false;
      moveEnds.splice(0).forEach((listener) => listener());
    },
  };
}

const point = { lng: -80.86, lat: 35.62 };
const frame = () => vi.advanceTimersToNextFrame();

describe('panelReveal', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('pans a point under the panel to the middle of the uncovered part, once the camera has settled', () => {
    const camera = cameraStub(500);
    camera.startMoving();
    camera.reveal.keepVisibleAbove(point, 300);
    frame();
    expect(camera.panBy).not.toHaveBeenCalled();
    camera.endMove();
    frame();
    // 340 px uncovered: the point goes from y 500 to 170.
    expect(camera.panBy).toHaveBeenCalledWith([0, 330]);
  });

  it('leaves a point that is already visible above the panel where it is', () => {
    const camera = cameraStub(150);
    camera.reveal.keepVisibleAbove(point, 300);
    frame();
    expect(camera.panBy).not.toHaveBeenCalled();
  });

  it('does nothing for a request withdrawn while the camera was still moving (the parcel deselected)', () => {
    const camera = cameraStub(500);
    camera.startMoving();
    const withdraw = camera.reveal.keepVisibleAbove(point, 300);
    frame();
    withdraw();
    camera.endMove();
    frame();
    expect(camera.panBy).not.toHaveBeenCalled();
  });

  it('a withdrawn request does not withdraw a newer one', () => {
    const camera = cameraStub(500);
    camera.startMoving();
    const withdrawFirst = camera.reveal.keepVisibleAbove(point, 300);
    camera.reveal.keepVisibleAbove(point, 200);
    withdrawFirst();
    frame();
    camera.endMove();
    frame();
    // The newer request's cover: 440 px uncovered, the point goes to y 220.
    expect(camera.panBy).toHaveBeenCalledWith([0, 280]);
  });
});
