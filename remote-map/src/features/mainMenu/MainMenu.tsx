import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  logoutRequested,
  REMOTE_MODULES,
  remoteUnavailableMessage,
  savedParcelsOpened,
  selectIsRemoteUnavailable,
  selectIsSignedIn,
  selectSessionKnown,
  selectUserLabel,
  useAppDispatch,
  useAppSelector,
  useDialogFocus,
} from '@parcel-map/shared';
import { useIsAdministrator } from '@parcel-map/shared/api';
import { selectMapCenter, selectMapSetupError, selectMapZoom } from '../mapView/mapViewSlice.ts';
import { SettingsDialog } from '../settings/SettingsDialog.tsx';
import './mainMenu.css';

/** SPEC §4: the menu closes first, then the saved list opens. */
export const SAVED_LIST_OPEN_DELAY_MS = 150;

/** SPEC §2 left slide-in main menu. */
export function MainMenu() {
  const dispatch = useAppDispatch();
  const [isOpen, setOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const sessionKnown = useAppSelector(selectSessionKnown);
  const signedIn = useAppSelector(selectIsSignedIn);
  const userLabel = useAppSelector(selectUserLabel);
  const center = useAppSelector(selectMapCenter);
  const zoom = useAppSelector(selectMapZoom);
  // Without a map there is no centre or zoom to read out.
  const noMap = useAppSelector(selectMapSetupError) !== null;
  const savedListMissing = useAppSelector((state) => selectIsRemoteUnavailable(state, REMOTE_MODULES.savedParcels));
  // The Data page's link, for administrators only (GET /api/admin/access).
  const administrator = useIsAdministrator();
  const panelId = useId();
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const firstItemRef = useRef<HTMLButtonElement>(null);
  const savedListTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const close = () => {
    setOpen(false);
    openButtonRef.current?.focus();
  };

  // Focus moves to the first item, Tab stays in the menu, Escape closes it and focus goes back to the button.
  useDialogFocus(menuRef, isOpen, close, firstItemRef);

  useEffect(
    () => () => {
      if (savedListTimer.current) clearTimeout(savedListTimer.current);
    },
    [],
  );

  const openSavedParcels = () => {
    close();
    if (savedListTimer.current) clearTimeout(savedListTimer.current);
    savedListTimer.current = setTimeout(() => dispatch(savedParcelsOpened()), SAVED_LIST_OPEN_DELAY_MS);
  };

  return (
    <>
      <button
        ref={openButtonRef}
        type="button"
        className="main-menu__open"
        aria-label="Open menu"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {isOpen && <div className="main-menu__backdrop" data-testid="main-menu-backdrop" onClick={close} />}
      <nav
        ref={menuRef}
        id={panelId}
        className={`main-menu${isOpen ? ' main-menu--open' : ''}`}
        aria-label="Main menu"
        aria-hidden={!isOpen}
        inert={!isOpen}
      >
        <ul className="main-menu__items">
          <li>
            <button
              ref={firstItemRef}
              type="button"
              className="main-menu__item"
              disabled={!sessionKnown || !signedIn}
              onClick={() => {
                close();
                dispatch(logoutRequested());
              }}
            >
              <span>Logout</span>{' '}
              <span className="main-menu__detail">{userLabel}</span>
            </button>
          </li>
          <li>
            <button
              type="button"
              className="main-menu__item"
              onClick={() => {
                // SPEC: Settings logs; it also opens the units and shortcuts (docs/decisions.md).
                console.info('Settings selected');
                setOpen(false);
                setSettingsOpen(true);
              }}
            >
              Settings
            </button>
          </li>
          <li>
            <button
              type="button"
              className="main-menu__item"
              disabled={!signedIn || savedListMissing}
              title={savedListMissing ? remoteUnavailableMessage(REMOTE_MODULES.savedParcels) : undefined}
              onClick={openSavedParcels}
            >
              My Saved Parcels
            </button>
          </li>
          {administrator && (
            <li>
              <Link to="/data" className="main-menu__item" onClick={() => setOpen(false)}>
                Data
              </Link>
            </li>
          )}
        </ul>
        <footer className="main-menu__footer">
          {!noMap && (
            <>
              <p>
                Center: {center.lng.toFixed(4)}, {center.lat.toFixed(4)}
              </p>
              <p>Zoom: {zoom.toFixed(2)}</p>
            </>
          )}
          <p>© {new Date().getFullYear()} Parcel Map. Parcel data © its publisher.</p>
        </footer>
      </nav>
      {settingsOpen && (
        <SettingsDialog
          onClose={() => {
            setSettingsOpen(false);
            openButtonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
