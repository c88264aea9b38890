// The map screen's map: created for its container from the runtime config, its events turned into
// store actions (and overlay features clicked handed to the screen's popup).
import type { RefObject } from 'react';
import { selectRuntimeConfig, useAppDispatch, useAppSelector, useAppStore } from '@parcel-map/shared';
import type { MapController, OverlayClick } from '../../map/mapController.ts';
import { useMapController, type MapScreenEvents } from '../../map/useMapController.ts';
import {
  mapBaseMapNotAnswering,
  mapSetupFailed,
  mapSetupStarted,
  mapStyleLoadFailed,
  mapStyleLoadFinished,
  mapStyleLoadStarted,
  mapViewSettled,
  parcelTilesLoaded,
  parcelTilesLoadStarted,
} from '../mapView/mapViewSlice.ts';
import { mapBackgroundClicked, parcelClicked, parcelPicked } from '../parcelSelection/parcelSelectionSlice.ts';
import { selectIsMeasureOpen } from '../measure/measureSlice.ts';

export function useMapScreenController(
  containerRef: RefObject<HTMLElement | null>,
  overlayFeaturesClicked: (click: OverlayClick) => void,
): MapController | null {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const runtimeConfig = useAppSelector(selectRuntimeConfig);
  const mapConfig = runtimeConfig?.map;
  // Read at each tile request, so the refreshed session token goes out at once.
  const tileSession = runtimeConfig ? { apiBaseUrl: runtimeConfig.apiBaseUrl, sessionToken: () => store.getState().session.sessionJwt } : undefined;
  // While measuring, clicks place vertices: they neither select nor deselect parcels.
  const measuring = () => selectIsMeasureOpen(store.getState());

  const events: MapScreenEvents = {
    setupStarted: () => dispatch(mapSetupStarted()),
    setupFailed: (message) => dispatch(mapSetupFailed({ message })),
    viewChanged: (view) => dispatch(mapViewSettled(view)),
    parcelTilesLoading: (loading) => dispatch(loading ? parcelTilesLoadStarted() : parcelTilesLoaded()),
    styleLoadStarted: (styleId) => dispatch(mapStyleLoadStarted({ styleId })),
    styleLoadFinished: (styleId) => dispatch(mapStyleLoadFinished({ styleId })),
    styleLoadFailed: (styleId) => dispatch(mapStyleLoadFailed({ styleId })),
    baseMapNotAnswering: (change) => dispatch(mapBaseMapNotAnswering(change)),
    parcelClicked: (pin) => {
      if (!measuring()) dispatch(parcelClicked({ pin }));
    },
    backgroundClicked: () => {
      if (!measuring()) dispatch(mapBackgroundClicked());
    },
    savedParcelClicked: (pin) => {
      if (!measuring()) dispatch(parcelPicked({ pin }));
    },
    overlayFeaturesClicked: (click) => {
      if (!measuring()) overlayFeaturesClicked(click);
    },
    // Unlike a click, Enter never deselects: it picks what is under the crosshair.
    centreParcelChosen: (pin) => {
      if (!measuring()) dispatch(parcelPicked({ pin }));
    },
  };
  return useMapController(containerRef, mapConfig, tileSession, events);
}
