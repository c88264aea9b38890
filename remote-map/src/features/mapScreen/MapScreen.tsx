// SPEC §2 main map screen: the map and what sits over it. The host renders it inside its Provider
// and router; mount() supplies both when there is no host.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  addAppListener,
  savedParcelFocused,
  selectIsSignedIn,
  selectRuntimeConfig,
  useAppDispatch,
  useAppSelector,
} from '@parcel-map/shared';
import { useListSavedParcelsQuery } from '@parcel-map/shared/api';
import { useMapController, type MapScreenEvents } from '../../map/useMapController.ts';
import { centreTarget } from '../../map/centreTarget.ts';
import { isMapboxHostedUrl } from '../../map/mapStyles.ts';
import { addSearchControl } from '../../map/searchControl.ts';
import { createMeasureTool } from '../../map/measureTool.ts';
import {
  mapBackgroundClicked,
  parcelCentreRequested,
  parcelClicked,
  parcelPicked,
  selectSelectedPin,
} from '../parcelSelection/parcelSelectionSlice.ts';
import { parcelsApi } from '../parcelSelection/parcelsApi.ts';
import { ParcelDetailPanel } from '../parcelSelection/ParcelDetailPanel.tsx';
import { MainMenu } from '../mainMenu/MainMenu.tsx';
import {
  mapSetupFailed,
  mapSetupStarted,
  mapStyleLoadFailed,
  mapStyleLoadFinished,
  mapStyleLoadStarted,
  mapViewSettled,
  selectMapOverlays,
} from '../mapView/mapViewSlice.ts';
import { MapSetupErrorOverlay, StyleLoadFailedNotice, StyleLoadingIndicator, ZoomReadout } from '../mapView/MapStatus.tsx';
import { MapControls, type MapControlActions } from '../mapControls/MapControls.tsx';
import { MeasurePalette } from '../measure/MeasurePalette.tsx';
import { measureCleared, measureDrawingStopped, measureModeChosen, measurementUpdated, selectIsMeasureOpen } from '../measure/measureSlice.ts';
import { PrintReport, type PrintSnapshot } from '../printReport/PrintReport.tsx';
import { useDeepLink } from '../deepLinks/useDeepLink.ts';
import { REMOTE_MAP_BUILD_LABEL } from '../../buildLabel.ts';
import './mapScreen.css';

/** SPEC §9: 'View on Map' from the saved list. */
const SAVED_PARCEL_ZOOM = 16;
/** SPEC §9: my location. */
const MY_LOCATION_ZOOM = 15;

export function MapScreen() {
  const dispatch = useAppDispatch();
  const mapConfig = useAppSelector(selectRuntimeConfig)?.map;
  const selectedPin = useAppSelector(selectSelectedPin);
  const overlays = useAppSelector(selectMapOverlays);
  const signedIn = useAppSelector(selectIsSignedIn);
  const measureOpen = useAppSelector(selectIsMeasureOpen);
  const { data: savedParcels } = useListSavedParcelsQuery(undefined, { skip: !signedIn });
  const containerRef = useRef<HTMLDivElement>(null);
  const [snapshot, setSnapshot] = useState<PrintSnapshot | null>(null);

  const events: MapScreenEvents = {
    setupStarted: () => dispatch(mapSetupStarted()),
    setupFailed: (message) => dispatch(mapSetupFailed({ message })),
    viewChanged: (view) => dispatch(mapViewSettled(view)),
    styleLoadStarted: (styleId) => dispatch(mapStyleLoadStarted({ styleId })),
    styleLoadFinished: (styleId) => dispatch(mapStyleLoadFinished({ styleId })),
    styleLoadFailed: (styleId) => dispatch(mapStyleLoadFailed({ styleId })),
    // While measuring, clicks place vertices: they neither select nor deselect parcels.
    parcelClicked: (pin) => {
      if (!measureOpen) dispatch(parcelClicked({ pin }));
    },
    backgroundClicked: () => {
      if (!measureOpen) dispatch(mapBackgroundClicked());
    },
  };
  const controller = useMapController(containerRef, mapConfig, events);
  useDeepLink(controller);

  useEffect(() => {
    controller?.setSelectedPin(selectedPin);
  }, [controller, selectedPin]);

  useEffect(() => {
    controller?.setOverlays(overlays);
  }, [controller, overlays]);

  useEffect(() => {
    controller?.setSavedParcels(
      (savedParcels ?? []).map((saved) => ({
        pin: saved.parcel_pin,
        lng: saved.parcel_centroid_lon,
        lat: saved.parcel_centroid_lat,
        label: saved.parcel_owner_name,
      })),
    );
  }, [controller, savedParcels]);

  useEffect(() => {
    if (!controller) return;
    const unsubscribers = [
      dispatch(
        addAppListener({
          actionCreator: savedParcelFocused,
          effect: ({ payload }) => controller.flyTo({ lng: payload.lng, lat: payload.lat, zoom: SAVED_PARCEL_ZOOM }),
        }),
      ),
      dispatch(
        addAppListener({
          actionCreator: parcelCentreRequested,
          effect: ({ payload }) => controller.centreOn(centreTarget(payload.geometry, payload.centroid)),
        }),
      ),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [controller, dispatch]);

  // The search box lives as long as the map.
  const online = useMemo(() => (mapConfig?.styles ?? []).some((style) => isMapboxHostedUrl(style.url)), [mapConfig]);
  useEffect(() => {
    if (!controller || !mapConfig) return;
    return addSearchControl(controller.map, {
      accessToken: mapConfig.accessToken,
      online,
      searchParcels: (query) => dispatch(parcelsApi.endpoints.searchParcels.initiate(query, { subscribe: false })).unwrap(),
      parcelChosen: (pin) => dispatch(parcelPicked({ pin })),
    });
  }, [controller, mapConfig, online, dispatch]);

  // The measure tools exist while their palette is open; closing it removes them and their drawings.
  useEffect(() => {
    if (!controller || !measureOpen) return;
    const tool = createMeasureTool(controller.map, {
      measured: (measurement) => dispatch(measurementUpdated({ measurement })),
      stopped: () => dispatch(measureDrawingStopped()),
      modeKeyPressed: (mode) => dispatch(measureModeChosen({ mode })),
    });
    const unsubscribers = [
      dispatch(addAppListener({ actionCreator: measureModeChosen, effect: ({ payload }) => tool.start(payload.mode) })),
      dispatch(addAppListener({ actionCreator: measureCleared, effect: () => tool.clear() })),
    ];
    return () => {
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      tool.remove();
    };
  }, [controller, measureOpen, dispatch]);

  const closePrint = useCallback(() => setSnapshot(null), []);
  const actions: MapControlActions | null = useMemo(
    () =>
      controller && {
        zoomIn: () => controller.zoomBy(1),
        zoomOut: () => controller.zoomBy(-1),
        setStyle: (styleId) => controller.setStyle(styleId),
        locate: () => {
          if (!navigator.geolocation) {
            console.error('Geolocation is not available in this browser.');
            return;
          }
          navigator.geolocation.getCurrentPosition(
            ({ coords }) => controller.flyTo({ lng: coords.longitude, lat: coords.latitude, zoom: MY_LOCATION_ZOOM }),
            (error) => console.error('Geolocation failed:', error.message),
            { enableHighAccuracy: true },
          );
        },
        print: () => {
          const { lng, lat } = controller.map.getCenter();
          setSnapshot({
            image: controller.snapshot(),
            pin: selectedPinRef.current,
            lng,
            lat,
            zoom: controller.map.getZoom(),
            widthPx: controller.map.getContainer().clientWidth,
            takenAt: new Date().toISOString(),
          });
        },
      },
    [controller],
  );
  const selectedPinRef = useRef(selectedPin);
  selectedPinRef.current = selectedPin;

  return (
    <div className="map-screen" data-remote-build={REMOTE_MAP_BUILD_LABEL || undefined}>
      <div ref={containerRef} className="map-screen__map" data-testid="map-container" />
      <MainMenu />
      <MapControls actions={actions} />
      <ZoomReadout />
      <StyleLoadingIndicator />
      <StyleLoadFailedNotice onRetry={(styleId) => controller?.setStyle(styleId)} />
      <MeasurePalette />
      <ParcelDetailPanel />
      <MapSetupErrorOverlay />
      {snapshot && <PrintReport snapshot={snapshot} onClose={closePrint} />}
    </div>
  );
}
