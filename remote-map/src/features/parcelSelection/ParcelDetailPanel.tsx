import { skipToken } from '@reduxjs/toolkit/query';
import {
  parcelSaveRequested,
  savedParcelsOpened,
  selectIsSignedIn,
  useAppDispatch,
  useAppSelector,
  useListSavedParcelsQuery,
  type ApiQueryError,
} from '@parcel-map/shared';
import { useGetParcelQuery, type ParcelDetails } from './parcelsApi.ts';
import { parcelDeselected, selectIsParcelPanelExpanded, selectSelectedPin } from './parcelSelectionSlice.ts';
import { addressLabel, ownerLabel } from './parcelDisplay.ts';
import './parcelDetailPanel.css';

export const DEFAULT_PARCEL_ERROR = 'Failed to load parcel details.';

function errorMessage(error: unknown): string {
  const message = (error as Partial<ApiQueryError> | undefined)?.message;
  return typeof message === 'string' && message ? message : DEFAULT_PARCEL_ERROR;
}

/** The parcel without the map-only parts, as the save flow expects it. */
function parcelRecord({ centroid: _centroid, geometry: _geometry, ...parcel }: ParcelDetails) {
  return parcel;
}

/** SPEC §2 bottom parcel detail panel: slides up while a parcel is selected. */
export function ParcelDetailPanel() {
  const dispatch = useAppDispatch();
  const pin = useAppSelector(selectSelectedPin);
  const isOpen = useAppSelector(selectIsParcelPanelExpanded) && pin !== null;
  const signedIn = useAppSelector(selectIsSignedIn);
  const details = useGetParcelQuery(pin ?? skipToken);
  const { data: savedParcels } = useListSavedParcelsQuery(undefined, { skip: !signedIn });

  const parcel = pin !== null && details.currentData?.pin === pin ? details.currentData : undefined;
  const failed = pin !== null && !parcel && details.isError && !details.isFetching;
  const isLoading = pin !== null && !parcel && !failed;
  const isSaved = pin !== null && (savedParcels ?? []).some((saved) => saved.parcel_pin === pin);
  const canSave = signedIn && Boolean(parcel?.centroid) && !isLoading && !isSaved;

  const save = () => {
    if (!parcel?.centroid) return;
    dispatch(parcelSaveRequested({ parcel: parcelRecord(parcel), centroid: parcel.centroid }));
  };

  return (
    <section
      className={`parcel-panel${isOpen ? ' parcel-panel--open' : ''}`}
      aria-label="Parcel details"
      aria-hidden={!isOpen}
      inert={!isOpen}
    >
      {pin !== null && (
        <>
          <header className="parcel-panel__header">
            {failed ? (
              <h2 className="parcel-panel__title">Error Loading PIN: {pin}</h2>
            ) : (
              <h2 className="parcel-panel__title">
                <span className="parcel-panel__eyebrow">PIN</span> {pin}
              </h2>
            )}
            <div className="parcel-panel__actions">
              {isSaved && (
                <button type="button" className="parcel-panel__link" onClick={() => dispatch(savedParcelsOpened())}>
                  Saved Location
                </button>
              )}
              <button
                type="button"
                className="parcel-panel__icon-button"
                aria-label="Save parcel"
                title={isSaved ? 'Already in your saved parcels' : 'Save parcel'}
                disabled={!canSave}
                onClick={save}
              >
                <SaveIcon filled={isSaved} />
              </button>
              <button
                type="button"
                className="parcel-panel__icon-button"
                aria-label="Close parcel details"
                onClick={() => dispatch(parcelDeselected())}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </header>
          <div className="parcel-panel__body">
            {isLoading && (
              <p role="status">
                Loading parcel details...
                <span className="parcel-panel__hint">(If loading takes too long, try refreshing the page)</span>
              </p>
            )}
            {failed && (
              <div role="alert" className="parcel-panel__error">
                <p>{errorMessage(details.error)}</p>
                <button type="button" className="pm-button" onClick={() => window.location.reload()}>
                  Refresh Page
                </button>
              </div>
            )}
            {parcel && (
              <dl className="parcel-panel__fields">
                <div>
                  <dt>Owner</dt>
                  <dd>{ownerLabel(parcel)}</dd>
                </div>
                <div>
                  <dt>Address</dt>
                  <dd>{addressLabel(parcel)}</dd>
                </div>
              </dl>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function SaveIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
