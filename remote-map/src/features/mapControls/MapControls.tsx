// SPEC §2 map controls: one vertical group on the right, each a button with an accessible name.
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  REMOTE_MODULES,
  remoteUnavailableMessage,
  savedParcelsOpened,
  selectIsRemoteUnavailable,
  selectIsSignedIn,
  selectRuntimeConfig,
  useAppDispatch,
  useAppSelector,
} from '@parcel-map/shared';
import { mapOverlayToggled, selectMapOverlays, selectMapSetupError, selectMapStyleId, type MapOverlay } from '../mapView/mapViewSlice.ts';
import { measureToggled, selectIsMeasureOpen } from '../measure/measureSlice.ts';
import { finderClosed, queryPanelRequested, selectParcelFinder } from '../search/parcelFinderSlice.ts';
import { OverlayLayerOptions } from '../overlays/OverlayLayerOptions.tsx';
import { useImageryStyles } from '../imagery/imageryApi.ts';
import { useBaseMapProblems } from '../imagery/useBaseMapProblems.ts';
import './mapControls.css';

export interface MapControlActions {
  zoomIn(): void;
  zoomOut(): void;
  locate(): void;
  print(): void;
  setStyle(styleId: string): void;
}

const OVERLAY_LABELS: Record<Exclude<MapOverlay, 'contours'>, string> = {
  ownerNames: 'Show Owner Names',
  savedParcels: 'Show Saved Parcels',
  parcelOutlines: 'Show Parcel Outlines',
};

/** Closes a popup on Escape (focus back to its button) and on a pointer press outside it. */
function useDismiss(open: boolean, close: () => void, refs: React.RefObject<HTMLElement | null>[], returnFocus: React.RefObject<HTMLElement | null>) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeRef.current();
      returnFocus.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (refs.some((ref) => ref.current?.contains(event.target as Node))) return;
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
    // refs are stable objects
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

export function MapControls({ actions }: { actions: MapControlActions | null }) {
  const dispatch = useAppDispatch();
  const overlays = useAppSelector(selectMapOverlays);
  const signedIn = useAppSelector(selectIsSignedIn);
  const measureOpen = useAppSelector(selectIsMeasureOpen);
  const queryOpen = useAppSelector(selectParcelFinder).panel === 'query';
  // Under 'Map Initialization Error' there is no map for any control to act on.
  const noMap = useAppSelector(selectMapSetupError) !== null;
  const savedListMissing = useAppSelector((state) => selectIsRemoteUnavailable(state, REMOTE_MODULES.savedParcels));
  const [overlaysOpen, setOverlaysOpen] = useState(false);
  const overlaysId = useId();
  const overlaysButton = useRef<HTMLButtonElement>(null);
  const overlaysPanel = useRef<HTMLDivElement>(null);
  useDismiss(overlaysOpen, () => setOverlaysOpen(false), [overlaysButton, overlaysPanel], overlaysButton);

  return (
    <>
      <div className="map-controls" role="toolbar" aria-label="Map controls" aria-orientation="vertical">
        <button
          ref={overlaysButton}
          type="button"
          className="map-controls__button"
          aria-label="Overlays"
          title="Overlays"
          aria-expanded={overlaysOpen}
          aria-controls={overlaysId}
          disabled={noMap}
          onClick={() => setOverlaysOpen((open) => !open)}
        >
          <LayersIcon />
        </button>
        <BaseMapSelector disabled={noMap} onSelect={(id) => actions?.setStyle(id)} />
        <button type="button" className="map-controls__button" aria-label="Print parcel report" title="Print" disabled={!actions} onClick={() => actions?.print()}>
          <PrintIcon />
        </button>
        <button
          type="button"
          className="map-controls__button"
          aria-label="Contour lines"
          title="Contour lines"
          aria-pressed={overlays.contours}
          disabled={noMap}
          onClick={() => dispatch(mapOverlayToggled({ overlay: 'contours' }))}
        >
          <ContourIcon />
        </button>
        <button
          type="button"
          className="map-controls__button"
          aria-label="Measure"
          title="Measure"
          aria-pressed={measureOpen}
          disabled={noMap}
          onClick={() => dispatch(measureToggled())}
        >
          <RulerIcon />
        </button>
        <button
          type="button"
          className="map-controls__button"
          aria-label="Query parcels"
          title={signedIn ? 'Query parcels' : 'Sign in to query parcels'}
          aria-pressed={queryOpen}
          disabled={!signedIn || noMap}
          onClick={() => dispatch(queryOpen ? finderClosed() : queryPanelRequested())}
        >
          <FilterIcon />
        </button>
        <button
          type="button"
          className="map-controls__button"
          aria-label="Saved parcels"
          title={savedListMissing ? remoteUnavailableMessage(REMOTE_MODULES.savedParcels) : signedIn ? 'My Saved Parcels' : 'Sign in to see saved parcels'}
          disabled={!signedIn || savedListMissing}
          onClick={() => dispatch(savedParcelsOpened())}
        >
          <BookmarkIcon />
        </button>
        <button type="button" className="map-controls__button" aria-label="My location" title="My location" disabled={!actions} onClick={() => actions?.locate()}>
          <LocateIcon />
        </button>
        <button type="button" className="map-controls__button" aria-label="Zoom in" title="Zoom in" disabled={!actions} onClick={() => actions?.zoomIn()}>
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" className="map-controls__button" aria-label="Zoom out" title="Zoom out" disabled={!actions} onClick={() => actions?.zoomOut()}>
          <span aria-hidden="true">−</span>
        </button>
      </div>
      <div
        ref={overlaysPanel}
        id={overlaysId}
        className={`overlays-panel${overlaysOpen ? ' overlays-panel--open' : ''}`}
        role="group"
        aria-label="Overlays"
        hidden={!overlaysOpen}
      >
        <h2 className="overlays-panel__title">Overlays</h2>
        {(Object.keys(OVERLAY_LABELS) as (keyof typeof OVERLAY_LABELS)[]).map((overlay) => (
          <label key={overlay} className="overlays-panel__option">
            <input type="checkbox" checked={overlays[overlay]} onChange={() => dispatch(mapOverlayToggled({ overlay }))} />
            {OVERLAY_LABELS[overlay]}
          </label>
        ))}
        <OverlayLayerOptions />
      </div>
    </>
  );
}

/** SPEC §2: lists the configured base maps, then the imagery layers' ones, and marks the current one. */
function BaseMapSelector({ onSelect, disabled }: { onSelect(styleId: string): void; disabled: boolean }) {
  const configured = useAppSelector(selectRuntimeConfig)?.map.styles;
  const imagery = useImageryStyles();
  const styles = [...(configured ?? []), ...imagery];
  const current = useAppSelector(selectMapStyleId);
  const problemOf = useBaseMapProblems();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useDismiss(open, () => setOpen(false), [button, menu], button);

  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]');
    const checked = menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="base-map">
      <button
        ref={button}
        type="button"
        className="map-controls__button"
        aria-label="Base map"
        title="Base map"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        <MapIcon />
      </button>
      {open && (
        <ul ref={menu} id={menuId} className="base-map__menu" role="menu" aria-label="Base map" onKeyDown={onMenuKeyDown}>
          {styles.map((style) => {
            const problem = problemOf(style.id);
            const problemId = `${menuId}-${style.id}-problem`;
            return (
              <li key={style.id} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={style.id === current}
                  aria-describedby={problem ? problemId : undefined}
                  className="base-map__item"
                  onClick={() => {
                    setOpen(false);
                    button.current?.focus();
                    if (style.id !== current) onSelect(style.id);
                  }}
                >
                  {style.name}
                </button>
                {problem && (
                  <p id={problemId} className="base-map__problem">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

const iconProps = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function LayersIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 3l9 5-9 5-9-5 9-5z" />
      <path d="M3 13l9 5 9-5" />
    </svg>
  );
}
function MapIcon() {
  return (
    <svg {...iconProps}>
      <path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2z" />
      <path d="M9 4v14M15 6v14" />
    </svg>
  );
}
function PrintIcon() {
  return (
    <svg {...iconProps}>
      <path d="M6 9V3h12v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </svg>
  );
}
function ContourIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 17c3-4 6-4 9-2s6 2 9-2" />
      <path d="M3 12c3-4 6-4 9-2s6 2 9-2" />
      <path d="M3 7c3-4 6-4 9-2s6 2 9-2" />
    </svg>
  );
}
function RulerIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 17L17 3l4 4L7 21z" />
      <path d="M7 13l2 2M10 10l2 2M13 7l2 2" />
    </svg>
  );
}
function FilterIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 4h18l-7 8v6l-4 2v-8z" />
    </svg>
  );
}
function BookmarkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
}
function LocateIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <path d="M12 1v4M12 19v4M1 12h4M19 12h4" />
    </svg>
  );
}
