import { useEffect, useRef, useState, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  addAppListener,
  parcelSaveRequested,
  savedParcelsOpened,
  selectIsSignedIn,
  useAppDispatch,
  useAppSelector,
  type Dataset,
  type ParcelDetails,
  type ParcelRecordField,
} from '@parcel-map/shared';
import { errorMessageOf, useListSavedParcelsQuery } from '@parcel-map/shared/api';
import { useParcelDataset, useGetParcelQuery } from './parcelsApi.ts';
import { parcelCentreRequested, parcelDeselected, parcelPanelFocusRequested, selectIsParcelPanelExpanded, selectSelectedPin } from './parcelSelectionSlice.ts';
import { acresLabel, addressLabel, attributeLabel, dateLabel, mailingAddressLabel, mapsSearchUrl, ownerLabel, priceLabel, textLabel } from './parcelDisplay.ts';
import { useCopyFeedback, type CopyState } from './useCopyFeedback.ts';
import { useShareLink } from '../deepLinks/useShareLink.ts';
import './parcelDetailPanel.css';
import { nearbyRequested } from '../search/parcelFinderSlice.ts';

const DEFAULT_PARCEL_ERROR = 'Failed to load parcel details.';
export const NOT_A_SURVEY = 'Not a survey: boundaries are approximate and not for legal or conveyancing use.';

/** SPEC §3's parcel record alone, as the save flow expects it: no map-only parts, mailing address or county attributes. */
function parcelRecord(details: ParcelDetails) {
  const { centroid: _centroid, geometry: _geometry, dataset: _dataset, attributes: _attributes, empty_fields: _emptyFields, ...rest } = details;
  const { mail_add1: _street, mail_city: _city, mail_state: _state, mail_zip: _zip, ...parcel } = rest;
  return parcel;
}

interface ParcelField {
  label: string;
  value: (parcel: ParcelDetails) => string;
  /** The record's fields it reads: a data set holding none of them for any parcel has no such row. */
  fields: readonly ParcelRecordField[];
  /** Names and addresses: free text that often takes two lines of a column, where the others take one. */
  freeText?: true;
  /** A whole row of the grid: a full mailing address in one column took three lines, past the two kept. */
  fullRow?: true;
}

/** The rows of the panel, in reading order. */
const PARCEL_FIELDS: readonly ParcelField[] = [
  { label: 'Owner', value: ownerLabel, fields: ['owner', 'name'], freeText: true },
  { label: 'Address', value: addressLabel, fields: ['add1', 'city'], freeText: true },
  { label: 'Tax Acres', value: (parcel) => acresLabel(parcel.taxacres), fields: ['taxacres'] },
  { label: 'Township', value: (parcel) => textLabel(parcel.township), fields: ['township'] },
  { label: 'Zoning', value: (parcel) => textLabel(parcel.zoning), fields: ['zoning'] },
  { label: 'Last Sale Date', value: (parcel) => dateLabel(parcel.sale_date), fields: ['sale_date'] },
  { label: 'Sale Price', value: (parcel) => priceLabel(parcel.sales_price), fields: ['sales_price'] },
  // After SPEC's fields, which keep their places; 'N/A' where a parcel has none, like them.
  { label: 'Mailing Address', value: (parcel) => textLabel(mailingAddressLabel(parcel)), fields: ['mail_add1'], freeText: true, fullRow: true },
];

/**
 * The rows this parcel's data set can fill: a field it holds for no parcel (Cambridge publishes no
 * owner) would be 'N/A' on every card, which reads as missing data rather than as what the county has.
 * A field some parcels lack keeps its row and 'N/A' on those.
 */
function rowsFor(parcel: ParcelDetails | undefined): readonly ParcelField[] {
  if (!parcel) return PARCEL_FIELDS;
  const empty = new Set(parcel.empty_fields);
  return PARCEL_FIELDS.filter((row) => !row.fields.every((field) => empty.has(field)));
}

/**
 * The parcel's fields as a definition list. Without a parcel it is the list's empty shape, which the
 * panel lays out invisibly while the details load.
 */
function ParcelFieldList({ parcel, className }: { parcel?: ParcelDetails; className: string }) {
  return (
    <dl className={className} aria-hidden={parcel ? undefined : true}>
      {rowsFor(parcel).map(({ label, value, freeText, fullRow }) => (
        <div key={label} data-free-text={freeText} data-full-row={fullRow}>
          <dt>{label}</dt>
          <dd>{parcel ? value(parcel) : '\u00a0'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The county file's own attributes (issue #23), label → value, in the order its mapping gave. */
function ParcelAttributeList({ attributes, className }: { attributes: ParcelDetails['attributes']; className: string }) {
  return (
    <dl className={className}>
      {attributes.map((attribute) => (
        <div key={attribute.key}>
          <dt>{attribute.label}</dt>
          <dd>{attributeLabel(attribute)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The panel's 'More details': collapsed until the reader opens it, so SPEC's fields stay what the panel shows first. */
function MoreDetails({ attributes }: { attributes: ParcelDetails['attributes'] }) {
  if (attributes.length === 0) return null;
  return (
    <details className="parcel-panel__more">
      <summary>More details</summary>
      <ParcelAttributeList attributes={attributes} className="parcel-panel__fields parcel-panel__attributes" />
    </details>
  );
}

export function provenanceText(dataset: Dataset): string {
  const asOf = dataset.asOf ? dateLabel(dataset.asOf) : dateLabel(dataset.publishedAt);
  return `Data: ${dataset.source}, as of ${asOf}. Licence: ${dataset.licence}.`;
}

/** SPEC §2 bottom parcel detail panel, sliding up while a parcel is selected; `onCoverChange` hears how much of the map it covers (px). */
export function ParcelDetailPanel({ onCoverChange }: { onCoverChange?(px: number): void } = {}) {
  const dispatch = useAppDispatch();
  const panelRef = useRef<HTMLElement>(null);
  const pin = useAppSelector(selectSelectedPin);
  const isOpen = useAppSelector(selectIsParcelPanelExpanded) && pin !== null;
  const signedIn = useAppSelector(selectIsSignedIn);
  const details = useGetParcelQuery(pin ?? skipToken);
  const dataset = useParcelDataset(details.currentData?.dataset, isOpen && signedIn);
  const { data: savedParcels } = useListSavedParcelsQuery(undefined, { skip: !signedIn });
  const copyLink = useCopyFeedback();
  const shareLink = useShareLink();

  const parcel = pin !== null && details.currentData?.pin === pin ? details.currentData : undefined;
  const failed = pin !== null && !parcel && details.isError && !details.isFetching;
  const isLoading = pin !== null && !parcel && !failed && (details.isFetching || details.isUninitialized || details.isLoading);
  const isMissing = pin !== null && !parcel && !failed && !isLoading;
  const isSaved = pin !== null && (savedParcels ?? []).some((saved) => saved.parcel_pin === pin);
  const canSave = signedIn && Boolean(parcel) && !isSaved;

  // The panel's height while it is open: the map keeps the selected parcel above it.
  useEffect(() => {
    const panel = panelRef.current;
    if (!onCoverChange || !panel) return;
    const report = () => onCoverChange(isOpen ? panel.offsetHeight : 0);
    report();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(report);
    observer.observe(panel);
    return () => observer.disconnect();
  }, [isOpen, onCoverChange]);

  // A parcel chosen from the search: the focus comes here once the panel is open (no longer inert).
  const [focusRequested, setFocusRequested] = useState(false);
  useEffect(() => dispatch(addAppListener({ actionCreator: parcelPanelFocusRequested, effect: () => setFocusRequested(true) })), [dispatch]);
  useEffect(() => {
    if (!focusRequested || !isOpen) return;
    setFocusRequested(false);
    panelRef.current?.focus();
  }, [focusRequested, isOpen]);

  const save = () => {
    if (!parcel) return;
    dispatch(parcelSaveRequested({ parcel: parcelRecord(parcel), centroid: parcel.centroid }));
  };

  return (
    <section
      ref={panelRef}
      className={`parcel-panel${isOpen ? ' parcel-panel--open' : ''}`}
      aria-label="Parcel details"
      aria-hidden={!isOpen}
      inert={!isOpen}
      tabIndex={-1}
    >
      {/* Screen readers hear the panel open (issue #25): the focus stays where the user chose the
          parcel on the map, and comes to the panel when it was chosen from the search. */}
      <span className="parcel-panel__announce" aria-live="polite">
        {isOpen && parcel ? `Details of parcel ${parcel.pin} opened: ${parcel.owner ?? parcel.name ?? 'owner not stated'}.` : ''}
      </span>
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
              {parcel && (
                <button type="button" className="parcel-panel__link" onClick={() => dispatch(nearbyRequested({ pin: parcel.pin }))}>
                  Nearby parcels
                </button>
              )}
              {isSaved && (
                <button type="button" className="parcel-panel__link" onClick={() => dispatch(savedParcelsOpened())}>
                  Saved Location
                </button>
              )}
              {/* The panel's main action first of the icons: a Tab or two from where the focus lands (issue #25). */}
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
              <span className="parcel-panel__copy-status" aria-live="polite">
                {copyLink.state === 'copied' ? 'Link copied' : copyLink.state === 'failed' ? 'Copy failed' : ''}
                {shareLink.state === 'copied' ? 'Share link copied' : shareLink.state === 'failed' ? 'Copy failed' : ''}
              </span>
              <CopyButton
                label="Share link"
                title="Copy a link to this view of the map: the parcel, the base map and the overlays"
                state={shareLink.state}
                icon={<ShareIcon />}
                onClick={shareLink.share}
              />
              <CopyButton
                label="Copy link"
                title="Copy a maps link to this parcel"
                state={copyLink.state}
                icon={<LinkIcon />}
                disabled={!parcel}
                onClick={() => parcel && void copyLink.copy(mapsSearchUrl(parcel.centroid))}
              />
              <button
                type="button"
                className="parcel-panel__icon-button"
                aria-label="Center on parcel"
                title="Center on parcel"
                disabled={!parcel}
                onClick={() => parcel && dispatch(parcelCentreRequested({ geometry: parcel.geometry, centroid: parcel.centroid }))}
              >
                <CentreIcon />
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
              // Over the field list's empty shape: the panel opens at its loaded height instead of
              // growing when the details arrive, which shifted it by ~200 px (CLS 0.093) on a slow answer.
              <div className="parcel-panel__loading">
                <p role="status">
                  Loading parcel details...
                  <span className="parcel-panel__hint">(If loading takes too long, try refreshing the page)</span>
                </p>
                <ParcelFieldList className="parcel-panel__fields" />
              </div>
            )}
            {failed && (
              <div role="alert" className="parcel-panel__error">
                <p>{errorMessageOf(details.error) ?? DEFAULT_PARCEL_ERROR}</p>
                <button type="button" className="pm-button" onClick={() => window.location.reload()}>
                  Refresh Page
                </button>
              </div>
            )}
            {isMissing && <p role="alert">Could not load details for PIN: {pin}</p>}
            {parcel && (
              <>
                <ParcelFieldList parcel={parcel} className="parcel-panel__fields" />
                <MoreDetails attributes={parcel.attributes} />
              </>
            )}
          </div>
          <footer className="parcel-panel__footer">
            {dataset && <span data-testid="parcel-provenance">{provenanceText(dataset)} </span>}
            <span>{NOT_A_SURVEY}</span>
          </footer>
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

function LinkIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function CentreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="12" r="6" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
      <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

/** An icon button that copies something: a check mark while 'copied'. */
function CopyButton({ label, title, state, icon, disabled, onClick }: { label: string; title: string; state: CopyState; icon: ReactNode; disabled?: boolean; onClick(): void }) {
  return (
    <button type="button" className="parcel-panel__icon-button" aria-label={label} title={title} data-copy-state={state} disabled={disabled} onClick={onClick}>
      {state === 'copied' ? <CheckIcon /> : icon}
    </button>
  );
}
