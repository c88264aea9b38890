// Creates the map controller for a container element and keeps it for the component's lifetime.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createMapController, type MapConfig, type MapController, type MapControllerEvents } from './mapController.ts';

export interface MapScreenEvents extends MapControllerEvents {
  setupStarted(): void;
  setupFailed(message: string): void;
}

/** Where the county data tiles come from, and the session token they are asked for with. */
export interface TileSession {
  apiBaseUrl: string;
  sessionToken: () => string | null;
}

/**
 * The controller, or null before set-up or after it failed. `events` and `tileSession.sessionToken`
 * may change on every render: the map always calls the latest ones, so callbacks never go stale and
 * the map is never rebuilt for them. The map is rebuilt only when the map config object or the API
 * base URL changes.
 */
export function useMapController(
  containerRef: RefObject<HTMLElement | null>,
  config: MapConfig | undefined,
  tileSession: TileSession | undefined,
  events: MapScreenEvents,
): MapController | null {
  const eventsRef = useRef(events);
  const sessionTokenRef = useRef(tileSession?.sessionToken);
  useLayoutEffect(() => {
    eventsRef.current = events;
    sessionTokenRef.current = tileSession?.sessionToken;
  });
  const apiBaseUrl = tileSession?.apiBaseUrl;
  const [controller, setController] = useState<MapController | null>(null);

  useEffect(() => {
    if (!config || apiBaseUrl === undefined) return;
    const latest: MapControllerEvents = {
      viewChanged: (view) => eventsRef.current.viewChanged(view),
      parcelTilesLoading: (loading) => eventsRef.current.parcelTilesLoading(loading),
      styleLoadStarted: (styleId) => eventsRef.current.styleLoadStarted(styleId),
      styleLoadFinished: (styleId) => eventsRef.current.styleLoadFinished(styleId),
      styleLoadFailed: (styleId) => eventsRef.current.styleLoadFailed(styleId),
      parcelClicked: (pin) => eventsRef.current.parcelClicked(pin),
      backgroundClicked: () => eventsRef.current.backgroundClicked(),
      savedParcelClicked: (pin) => eventsRef.current.savedParcelClicked(pin),
      overlayFeaturesClicked: (click) => eventsRef.current.overlayFeaturesClicked(click),
      centreParcelChosen: (pin) => eventsRef.current.centreParcelChosen(pin),
      baseMapNotAnswering: (change) => eventsRef.current.baseMapNotAnswering(change),
    };
    let created: MapController;
    eventsRef.current.setupStarted();
    try {
      created = createMapController({
        container: containerRef.current,
        config,
        apiBaseUrl,
        sessionToken: () => sessionTokenRef.current?.() ?? null,
        events: latest,
      });
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
  }, [containerRef, config, apiBaseUrl]);

  return controller;
}
