import { useEffect, useId } from 'react';
import {
  savedParcelFocused,
  selectSessionJwt,
  useAppDispatch,
  useAppSelector,
  useListSavedParcelsQuery,
} from '@parcel-map/shared';
import { savedSheetClosed, selectSheetOpen } from '../savedParcelsUiSlice.ts';

export const NOT_LOGGED_IN_MESSAGE = 'You must be logged in to view saved parcels';
export const LOAD_FAILED_MESSAGE = 'Failed to load saved parcels. Please check your connection and try again.';

export function SavedParcelsSheet() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSheetOpen);
  const token = useAppSelector(selectSessionJwt);
  const titleId = useId();
  const { data: parcels, isLoading, isError, refetch } = useListSavedParcelsQuery(undefined, { skip: !open || !token });
  const close = () => dispatch(savedSheetClosed());

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dispatch(savedSheetClosed());
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, dispatch]);

  if (!open) return null;

  return (
    <div className="saved-backdrop" onClick={close}>
      <section className="saved-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <header className="saved-sheet__header">
          <h2 id={titleId}>My Saved Parcels</h2>
          <button type="button" className="saved-sheet__close" aria-label="Close saved parcels" onClick={close}>
            ×
          </button>
        </header>
        {!token ? (
          <p role="alert">{NOT_LOGGED_IN_MESSAGE}</p>
        ) : isLoading ? (
          <p role="status">Loading saved parcels…</p>
        ) : isError ? (
          <div role="alert">
            <p>{LOAD_FAILED_MESSAGE}</p>
            <button type="button" className="pm-button" onClick={() => void refetch()}>
              Try Again
            </button>
          </div>
        ) : !parcels || parcels.length === 0 ? (
          <div className="saved-sheet__empty">
            <p>You have not saved any parcels yet.</p>
            <p>Select a parcel on the map and click the save icon to add it here.</p>
          </div>
        ) : (
          <ul className="saved-sheet__list">
            {parcels.map((saved) => (
              <li key={saved.id} className="saved-sheet__item">
                <div>
                  <strong>{saved.parcel_owner_name}</strong>
                  <div>{saved.parcel_address}</div>
                  <div className="saved-sheet__pin">PIN {saved.parcel_pin}</div>
                  {saved.notes && <p className="saved-sheet__notes">{saved.notes}</p>}
                </div>
                <button
                  type="button"
                  className="pm-button"
                  onClick={() => {
                    dispatch(savedParcelFocused({ pin: saved.parcel_pin, lng: saved.parcel_centroid_lon, lat: saved.parcel_centroid_lat }));
                    close();
                  }}
                >
                  View on Map
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
