// SPEC §2 bottom sheet 'My Saved Parcels' (80% height) and §4 'Saved list'.
import { useId, useRef, useState } from 'react';
import {
  savedParcelFocused,
  selectSessionJwt,
  useAppDispatch,
  useAppSelector,
  useDialogFocus,
  type SavedParcelRecord,
} from '@parcel-map/shared';
import { useListSavedParcelsQuery } from '@parcel-map/shared/api';
import { savedSheetClosed, selectSheetOpen } from '../savedParcelsUiSlice.ts';
import { SavedParcelItem, type ItemMode } from './SavedParcelItem.tsx';
import { downloadFile, exportFileName, savedParcelsCsv, savedParcelsGeoJson } from './savedParcelsExport.ts';
import { SAVED_SORTS, savedListView, type SavedSort } from './savedListView.ts';

export const NOT_LOGGED_IN_MESSAGE = 'You must be logged in to view saved parcels';
export const LOAD_FAILED_MESSAGE = 'Failed to load saved parcels. Please check your connection and try again.';
export const EMPTY_MESSAGE = 'You have not saved any parcels yet.';
export const EMPTY_HINT = 'Select a parcel on the map and click the save icon to add it here.';
export const NO_MATCH_MESSAGE = 'No saved parcel matches the filter.';

/** One inline control open at a time across the list (SPEC §4: one editor at a time). */
interface ActiveItem {
  id: number;
  mode: Exclude<ItemMode, 'view'>;
}

export function SavedParcelsSheet() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSheetOpen);
  const token = useAppSelector(selectSessionJwt);
  const titleId = useId();
  const sheetRef = useRef<HTMLElement>(null);
  const [active, setActive] = useState<ActiveItem | null>(null);
  const [filterText, setFilterText] = useState('');
  const [sort, setSort] = useState<SavedSort>('savedNewest');
  const filterId = useId();
  const sortId = useId();
  const { data: parcels, isLoading, isError, isFetching, refetch } = useListSavedParcelsQuery(undefined, {
    skip: !open || !token,
    refetchOnMountOrArgChange: true,
  });
  const close = () => {
    setActive(null);
    dispatch(savedSheetClosed());
  };
  useDialogFocus(sheetRef, open, close);

  if (!open) return null;

  const viewOnMap = (saved: SavedParcelRecord) => {
    dispatch(savedParcelFocused({ pin: saved.parcel_pin, lng: saved.parcel_centroid_lon, lat: saved.parcel_centroid_lat }));
    close();
  };
  const canExport = Boolean(token && parcels && parcels.length > 0 && !isError);
  const shown = parcels ? savedListView(parcels, { text: filterText, sort }) : [];

  return (
    <div className="saved-backdrop saved-backdrop--sheet" onClick={close}>
      <section
        ref={sheetRef}
        className="saved-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={isFetching}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="saved-sheet__header">
          <h2 id={titleId}>My Saved Parcels</h2>
          <div className="saved-sheet__tools">
            {canExport && parcels && (
              <>
                <button
                  type="button"
                  className="pm-button pm-button--secondary"
                  onClick={() => downloadFile(exportFileName('csv'), 'text/csv;charset=utf-8', savedParcelsCsv(parcels))}
                >
                  Export CSV
                </button>
                <button
                  type="button"
                  className="pm-button pm-button--secondary"
                  onClick={() => downloadFile(exportFileName('geojson'), 'application/geo+json', savedParcelsGeoJson(parcels))}
                >
                  Export GeoJSON
                </button>
              </>
            )}
            <button type="button" className="saved-sheet__close" aria-label="Close saved parcels" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </header>
        {!token ? (
          <p role="alert" className="saved-sheet__message">
            {NOT_LOGGED_IN_MESSAGE}
          </p>
        ) : isLoading ? (
          <p role="status" className="saved-sheet__message">
            Loading saved parcels…
          </p>
        ) : isError ? (
          <div role="alert" className="saved-sheet__message">
            <p>{LOAD_FAILED_MESSAGE}</p>
            <button type="button" className="pm-button" onClick={() => void refetch()}>
              Try Again
            </button>
          </div>
        ) : !parcels || parcels.length === 0 ? (
          <div className="saved-sheet__empty">
            <p>{EMPTY_MESSAGE}</p>
            <p>{EMPTY_HINT}</p>
          </div>
        ) : (
          <>
            <div className="saved-sheet__view">
              <label htmlFor={filterId}>Filter</label>
              <input
                id={filterId}
                type="search"
                value={filterText}
                placeholder="PIN, owner, address or notes"
                onChange={(event) => setFilterText(event.target.value)}
              />
              <label htmlFor={sortId}>Sort by</label>
              <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as SavedSort)}>
                {(Object.keys(SAVED_SORTS) as SavedSort[]).map((key) => (
                  <option key={key} value={key}>
                    {SAVED_SORTS[key]}
                  </option>
                ))}
              </select>
              <span className="saved-sheet__count" aria-live="polite">
                {shown.length === parcels.length ? `${parcels.length} saved` : `${shown.length} of ${parcels.length} saved`}
              </span>
            </div>
            {shown.length === 0 && <p className="saved-sheet__empty">{NO_MATCH_MESSAGE}</p>}
            <ul className="saved-sheet__list" aria-labelledby={titleId}>
              {shown.map((saved) => (
                <SavedParcelItem
                  key={saved.id}
                  saved={saved}
                  mode={active?.id === saved.id ? active.mode : 'view'}
                  onModeChange={(mode) => setActive(mode === 'view' ? null : { id: saved.id, mode })}
                  onViewOnMap={() => viewOnMap(saved)}
                  onDeleted={() => {
                    setActive(null);
                    sheetRef.current?.focus();
                  }}
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
