// Creates the map controller for a container element and keeps it for the component's lifetime.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createMapController, type MapConfig, type MapController, type MapControllerEvents } from './mapController.ts';

export interface MapScreenEvents extends MapControllerEvents {
  setupStarted(): void;
  setupFailed(message: string): void;
}

/**
 * The controller, or null before set-up or after it failed. `events` may change on every render:
 * the map always calls the latest ones, so callbacks never go stale and the map is never rebuilt
 * for them. The map is rebuilt only when the map config object changes.
 */
export function useMapController(
  containerRef: RefObject<HTMLElement | null>,
  config: MapConfig | undefined,
  events: MapScreenEvents,
): MapController | null {
  const eventsRef = useRef(events);
  useLayoutEffect(() => {
    eventsRef.current = events;
  });
  const [controller, setController] = useState<MapController | null>(null);

  useEffect(() => {
    if (!config) return;
    const latest: MapControllerEvents = {
      viewChanged: (view) => eventsRef.current.viewChanged(view),
      parcelTilesLoading: (loading) => eventsRef.current.parcelTilesLoading(loading),
      styleLoadStarted: (styleId) => eventsRef.current.styleLoadStarted(styleId),
      styleLoadFinished: (styleId) => eventsRef.current.styleLoadFinished(styleId),
      styleLoadFailed: (styleId) => eventsRef.current.styleLoadFailed(styleId),
      parcelClicked: (pin) => eventsRef.current.parcelClicked(pin),
      backgroundClicked: () => eventsRef.current.backgroundClicked(),
      savedParcelClicked: (pin) => eventsRef.current.savedParcelClicked(pin),
      centreParcelChosen: (pin) => eventsRef.current.centreParcelChosen(pin),
    };
    let created: MapController;
    eventsRef.current.setupStarted();
    try {
      created = createMapController({ container: containerRef.current, config, events: latest });
    } catch (error) {
      console.error('Map setup failed:', error);
      eventsRef.current.setupFailed(error instanceof Error && error.message ? error.message : 'Unknown error during map setup.');
      return;
    }
    setController(created);
    return () => {
      created.remove();
      setController(null);
    };
  }, [containerRef, config]);

  return controller;
}
