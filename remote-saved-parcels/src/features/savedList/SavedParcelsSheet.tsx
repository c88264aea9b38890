// SPEC §2 bottom sheet 'My Saved Parcels' (80% height) and §4 'Saved list', with the user's markups
// in a second tab.
import { useId, useRef, useState } from 'react';
import {
  downloadFile,
  savedParcelFocused,
  selectSessionJwt,
  useAppDispatch,
  useAppSelector,
  useDialogFocus,
  type SavedParcelRecord,
} from '@parcel-map/shared';
import { savedParcelsApi, useListSavedParcelDetailsQuery, useListSavedParcelsQuery } from '@parcel-map/shared/api';
import { savedSheetClosed, selectSheetOpen } from '../savedParcelsUiSlice.ts';
import { SavedParcelItem, type ItemMode } from './SavedParcelItem.tsx';
import { exportFileName, exportParcels, savedParcelsCsv, savedParcelsGeoJson, savedParcelsKml, type ExportParcel } from './savedParcelsExport.ts';
import { allTags, SAVED_SORTS, savedListView, sortedValue, type SavedSort } from './savedListView.ts';
import { GEO_FILES } from '../geoFiles/geoFiles.ts';
import { MarkupsPanel } from '../markups/MarkupsPanel.tsx';
import { SheetTabs, type SheetTab } from './SheetTabs.tsx';
import { ChangedSinceFilter } from './ChangedSinceFilter.tsx';

const NOT_LOGGED_IN_MESSAGE = 'You must be logged in to view saved parcels';
const LOAD_FAILED_MESSAGE = 'Failed to load saved parcels. Please check your connection and try again.';
const EMPTY_MESSAGE = 'You have not saved any parcels yet.';
const EMPTY_HINT = 'Select a parcel on the map and click the save icon to add it here.';
const NO_MATCH_MESSAGE = 'No saved parcel matches the filter.';
const EXPORT_FAILED_MESSAGE = 'Could not export the saved parcels. Please try again.';
/** The exports write the list as it is shown: filtered and in its order. */
const exportScope = (shown: number) => (shown === 1 ? 'Exports the 1 parcel shown' : `Exports the ${shown} parcels shown`);

const EXPORTS = {
  CSV: { extension: 'csv', type: 'text/csv;charset=utf-8', write: savedParcelsCsv },
  GeoJSON: { ...GEO_FILES.GeoJSON, write: savedParcelsGeoJson },
  KML: { ...GEO_FILES.KML, write: savedParcelsKml },
} as const satisfies Record<string, { extension: 'csv' | 'geojson' | 'kml'; type: string; write(parcels: readonly ExportParcel[]): string }>;
type ExportKind = keyof typeof EXPORTS;

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
  const [tab, setTab] = useState<SheetTab>('parcels');
  const tabsId = useId();
  const [filterText, setFilterText] = useState('');
  const [sort, setSort] = useState<SavedSort>('savedNewest');
  const [tag, setTag] = useState('');
  const [changedOnly, setChangedOnly] = useState(false);
  const filterId = useId();
  const sortId = useId();
  const tagId = useId();
  const exportScopeId = useId();
  const suggestionsId = useId();
  // Acres come with the parcel records, fetched only for the acres sort (and the exports).
  const { data: details } = useListSavedParcelDetailsQuery(undefined, { skip: !open || !token || sort !== 'acres' });
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
  const tags = parcels ? allTags(parcels) : [];
  const acres = new Map(details?.map((parcel) => [parcel.id, parcel.taxacres]));
  const shown = parcels ? savedListView(parcels, { text: filterText, sort, tag, acres, changedOnly }) : [];

  // Every field of every saved parcel, with its outline: the parcel records are asked for now.
  const exportAs = async (kind: ExportKind, records: readonly SavedParcelRecord[]) => {
    try {
      const parcelDetails = await dispatch(savedParcelsApi.endpoints.listSavedParcelDetails.initiate(undefined, { subscribe: false })).unwrap();
      const { extension, type, write } = EXPORTS[kind];
      downloadFile(exportFileName(extension), type, write(exportParcels(records, parcelDetails)));
    } catch (error) {
      console.error('Saved parcels export failed', error);
      window.alert(EXPORT_FAILED_MESSAGE);
    }
  };

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
            {tab === 'parcels' && canExport && (
              <>
                <span id={exportScopeId} className="saved-sheet__export-scope">
                  {exportScope(shown.length)}
                </span>
                {(Object.keys(EXPORTS) as ExportKind[]).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className="pm-button pm-button--secondary"
                    aria-describedby={exportScopeId}
                    disabled={shown.length === 0}
                    onClick={() => void exportAs(kind, shown)}
                  >
                    Export {kind}
                  </button>
                ))}
              </>
            )}
            <button type="button" className="saved-sheet__close" aria-label="Close saved parcels" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </header>
        <SheetTabs idPrefix={tabsId} selected={tab} onSelect={setTab} />
        <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}-tab`}>
        {tab === 'markups' && token ? (
          <MarkupsPanel onViewOnMap={close} onDeleted={() => sheetRef.current?.focus()} />
        ) : !token ? (
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
              {tags.length > 0 && (
                <>
                  <label htmlFor={tagId}>Tag</label>
                  <select id={tagId} value={tag} onChange={(event) => setTag(event.target.value)}>
                    <option value="">All tags</option>
                    {tags.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </>
              )}
              <ChangedSinceFilter parcels={parcels} checked={changedOnly} onChange={setChangedOnly} />
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
            <datalist id={suggestionsId}>
              {tags.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <ul className="saved-sheet__list" aria-labelledby={titleId}>
              {shown.map((saved) => (
                <SavedParcelItem
                  key={saved.id}
                  saved={saved}
                  sortedBy={sortedValue(sort, saved, acres)}
                  mode={active?.id === saved.id ? active.mode : 'view'}
                  onModeChange={(mode) => setActive(mode === 'view' ? null : { id: saved.id, mode })}
                  tagSuggestionsId={suggestionsId}
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
        </div>
      </section>
    </div>
  );
}
