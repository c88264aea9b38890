// SPEC §2 main map screen: the map and what sits over it. The host renders it inside its Provider
// and router; mount() supplies both when there is no host.
import { useCallback, useRef, useState } from 'react';
import { ParcelDetailPanel } from '../parcelSelection/ParcelDetailPanel.tsx';
import { MainMenu } from '../mainMenu/MainMenu.tsx';
import {
  LocationProblemNotice,
  BaseMapNotAnsweringNotice,
  MapSetupErrorOverlay,
  ParcelTilesLoadingBar,
  StyleLoadFailedNotice,
  StyleLoadingIndicator,
  ZoomInHint,
  ZoomReadout,
} from '../mapView/MapStatus.tsx';
import { MapControls } from '../mapControls/MapControls.tsx';
import { useMapControlActions } from '../mapControls/useMapControlActions.ts';
import { MeasurePalette } from '../measure/MeasurePalette.tsx';
import { useMeasureTool } from '../measure/useMeasureTool.ts';
import { PrintDialog } from '../printReport/PrintDialog.tsx';
import { useDeepLinks } from '../deepLinks/useDeepLinks.ts';
import { useDataVersion } from '../dataVersion/useDataVersion.ts';
import { useSearchControl } from '../search/useSearchControl.ts';
import { SearchResultsPanel } from '../search/SearchResultsPanel.tsx';
import { NearbyPanel } from '../search/NearbyPanel.tsx';
import { QueryPanel } from '../parcelQuery/QueryPanel.tsx';
import { useMapScreenController } from './useMapScreenController.ts';
import { useMapFollowsStore } from './useMapFollowsStore.ts';
import { useCameraRequests } from './useCameraRequests.ts';
import { useSelectionStaysVisible } from './useSelectionStaysVisible.ts';
import { ShortcutsHelp } from '../shortcuts/ShortcutsHelp.tsx';
import { OverlayFeaturePopup } from '../overlays/OverlayFeaturePopup.tsx';
import { useOverlayLayersOnMap, useShownOverlayLayers } from '../overlays/useOverlayLayersOnMap.ts';
import { useOverlayClick } from '../overlays/useOverlayClick.ts';
import { useImageryStyles } from '../imagery/imageryApi.ts';
import { useImageryStylesOnMap } from '../imagery/useImageryStylesOnMap.ts';
import { REMOTE_MAP_BUILD_LABEL } from '../../buildLabel.ts';
import './mapScreen.css';

export function MapScreen() {
  const containerRef = useRef<HTMLDivElement>(null);
  const searchSlotRef = useRef<HTMLDivElement>(null);
  const overlayLayers = useShownOverlayLayers();
  const overlayClick = useOverlayClick(overlayLayers);
  const controller = useMapScreenController(containerRef, overlayClick.clicked);
  const imageryStyles = useImageryStyles();
  useOverlayLayersOnMap(controller, overlayLayers);
  useMapFollowsStore(controller);
  useCameraRequests(controller);
  useSearchControl(controller, searchSlotRef);
  useMeasureTool(controller);
  // Before the links: a link's imagery base map is known to the map when the link asks for it.
  useImageryStylesOnMap(controller, imageryStyles);
  useDeepLinks(controller);
  useDataVersion(controller);

  const [panelCover, setPanelCover] = useState(0);
  useSelectionStaysVisible(controller, panelCover);

  const [printing, setPrinting] = useState(false);
  const openPrint = useCallback(() => setPrinting(true), []);
  const closePrint = useCallback(() => setPrinting(false), []);
  const actions = useMapControlActions(controller, openPrint);

  return (
    <div className="map-screen" data-remote-build={REMOTE_MAP_BUILD_LABEL || undefined}>
      {/* In the Tab order (issue #44): the menu, the search box, the map controls, then the map with
          its own controls before its canvas (mapController.ts). Each is placed by CSS, not by this order. */}
      <MainMenu />
      <div ref={searchSlotRef} className="map-screen__search" />
      <MapControls actions={actions} />
      <div ref={containerRef} className="map-screen__map" data-testid="map-container" />
      <ParcelTilesLoadingBar />
      <ZoomReadout />
      <ZoomInHint />
      <LocationProblemNotice />
      <StyleLoadingIndicator />
      <StyleLoadFailedNotice onRetry={(styleId) => controller?.setStyle(styleId)} />
      <BaseMapNotAnsweringNotice />
      <MeasurePalette />
      <SearchResultsPanel controller={controller} />
      <NearbyPanel controller={controller} />
      <QueryPanel controller={controller} />
      <ParcelDetailPanel onCoverChange={setPanelCover} />
      <MapSetupErrorOverlay />
      {printing && controller && <PrintDialog controller={controller} onClose={closePrint} />}
      <OverlayFeaturePopup controller={controller} click={overlayClick.click} onClose={overlayClick.close} />
      <ShortcutsHelp />
    </div>
  );
}
