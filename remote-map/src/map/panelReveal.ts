// Keeps a point out from under the panel covering the bottom of the map: the latest request is done
// once the camera has settled, so a flight (a search result) ends first. A request withdrawn before then
// (the parcel deselected) is not done: the map would pan for a panel that has closed.
import type { Map as MapboxMap } from 'mapbox-gl';

interface RevealTarget {
  point: { lng: number; lat: number };
  coverBottomPx: number;
}

export interface PanelReveal {
  /** Answers a function that withdraws this request if it is still waiting. */
  keepVisibleAbove(point: RevealTarget['point'], coverBottomPx: number): () => void;
  cancel(): void;
}

export function createPanelReveal(map: MapboxMap, container: HTMLElement): PanelReveal {
  let target: RevealTarget | null = null;

  const revealWhenSettled = () => {
    // A frame later, as a move that ends because another starts (a flight interrupted by a flight)
    // is not the end: the next one is moving by then, and its end is waited for instead.
    requestAnimationFrame(() => {
      if (!target) return;
      if (map.isMoving()) {
        map.once('moveend', revealWhenSettled);
        return;
      }
      const { point, coverBottomPx } = target;
      target = null;
      const visible = container.clientHeight - coverBottomPx;
      // A margin of a sixth of what is visible: a parcel at the very edge is not 'visible'.
      const margin = Math.min(48, visible / 6);
      const { y } = map.project([point.lng, point.lat]);
      if (visible <= 0 || (y >= margin && y <= visible - margin)) return;
      map.panBy([0, y - visible / 2]);
    });
  };

  return {
    keepVisibleAbove(point, coverBottomPx) {
      const waiting = target !== null;
      const request = { point, coverBottomPx };
      target = request;
      if (!waiting) revealWhenSettled();
      return () => {
        if (target === request) target = null;
      };
    },
    cancel() {
      target = null;
    },
  };
}
