// SPEC §2 main map screen: the map and what sits over it. The host renders it inside its Provider
// and router; mount() supplies both when there is no host.
import { useEffect, useRef } from 'react';
import { addAppListener, savedParcelFocused, selectRuntimeConfig, useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { useMapController, type MapScreenEvents } from '../../map/useMapController.ts';
import { mapBackgroundClicked, parcelClicked, selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { ParcelDetailPanel } from '../parcelSelection/ParcelDetailPanel.tsx';
import { MainMenu } from '../mainMenu/MainMenu.tsx';
import { mapSetupFailed, mapSetupStarted, mapStyleLoadFinished, mapStyleLoadStarted, mapViewSettled } from '../mapView/mapViewSlice.ts';
import { MapSetupErrorOverlay, StyleLoadingIndicator, ZoomReadout } from '../mapView/MapStatus.tsx';
import './mapScreen.css';

/** SPEC §9: 'View on Map' from the saved list. */
const SAVED_PARCEL_ZOOM = 16;

export function MapScreen() {
  const dispatch = useAppDispatch();
  const mapConfig = useAppSelector(selectRuntimeConfig)?.map;
  const selectedPin = useAppSelector(selectSelectedPin);
  const containerRef = useRef<HTMLDivElement>(null);

  const events: MapScreenEvents = {
    setupStarted: () => dispatch(mapSetupStarted()),
    setupFailed: (message) => dispatch(mapSetupFailed({ message })),
    viewChanged: (view) => dispatch(mapViewSettled(view)),
    styleLoadStarted: (styleId) => dispatch(mapStyleLoadStarted({ styleId })),
    styleLoadFinished: (styleId) => dispatch(mapStyleLoadFinished({ styleId })),
    parcelClicked: (parcel, at) => dispatch(parcelClicked({ parcel, at })),
    backgroundClicked: () => dispatch(mapBackgroundClicked()),
  };
  const controller = useMapController(containerRef, mapConfig, events);

  useEffect(() => {
    controller?.setSelectedPin(selectedPin);
  }, [controller, selectedPin]);

  useEffect(() => {
    if (!controller) return;
    return dispatch(
      addAppListener({
        actionCreator: savedParcelFocused,
        effect: ({ payload }) => controller.flyTo({ lng: payload.lng, lat: payload.lat, zoom: SAVED_PARCEL_ZOOM }),
      }),
    );
  }, [controller, dispatch]);

  return (
    <div className="map-screen">
      <div ref={containerRef} className="map-screen__map" data-testid="map-container" />
      <MainMenu />
      <ZoomReadout />
      <StyleLoadingIndicator />
      <ParcelDetailPanel />
      <MapSetupErrorOverlay />
    </div>
  );
}
