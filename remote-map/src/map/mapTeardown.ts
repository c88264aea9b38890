// Takes the map down in the one order that works, each step once: first what was added to it
// (search box, measure tools), newest first, then the map. mapbox-gl's Map.remove() runs onRemove
// of every control still on the map, and a control taken off after that runs it a second time on a
// map that is gone: the geocoder and Draw then throw (a sign-out from the map screen did).

export interface MapTeardown {
  /** Registers how to take one addition off the map; the function returned does it at most once, and not once the map is gone. */
  track(takeOff: () => void): () => void;
  /** Takes every addition still on the map off it, newest first, then removes the map. Later calls do nothing. */
  run(): void;
}

export function createMapTeardown(removeMap: () => void): MapTeardown {
  const additions = new Set<{ takeOff(): void }>();
  let removed = false;

  const takeOff = (addition: { takeOff(): void }) => {
    if (!additions.delete(addition)) return;
    addition.takeOff();
  };

  return {
    track(remove) {
      const addition = { takeOff: remove };
      additions.add(addition);
      return () => takeOff(addition);
    },
    run() {
      if (removed) return;
      removed = true;
      try {
        for (const addition of [...additions].reverse()) takeOff(addition);
      } finally {
        removeMap();
      }
    },
  };
}
