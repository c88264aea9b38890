// The print button's parcel report: the current map view (the selected parcel outlined by the
// map's own highlight), a scale bar, the parcel's details and the data's as-of date. The browser
// prints it or saves it as PDF; print CSS hides everything else on the page.
import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, useAppSelector } from '@parcel-map/shared';
import { useGetParcelQuery, useParcelDataset } from '../parcelSelection/parcelsApi.ts';
import { NOT_A_SURVEY, ParcelAttributeList, ParcelFieldList, provenanceText } from '../parcelSelection/ParcelDetailPanel.tsx';
import type { MapSnapshot } from '../../map/mapController.ts';
import { scaleBar } from './printScale.ts';
import './printReport.css';

export interface PrintSnapshot extends MapSnapshot {
  pin: string | null;
  takenAt: string;
}

export function PrintReport({ snapshot, onClose }: { snapshot: PrintSnapshot; onClose(): void }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { currentData: parcel } = useGetParcelQuery(snapshot.pin ?? skipToken);
  const dataset = useParcelDataset(parcel?.dataset, signedIn);
  const printButton = useRef<HTMLButtonElement>(null);
  const scale = scaleBar(snapshot.lat, snapshot.zoom, snapshot.widthPx);

  useEffect(() => {
    printButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const title = parcel ? `Parcel report — PIN ${parcel.pin}` : 'Map report';
  return (
    <div className="print-report__backdrop">
      <div className="print-report" role="dialog" aria-modal="true" aria-label={title}>
        <header className="print-report__header">
          <h2>{title}</h2>
          <div className="print-report__actions">
            <button ref={printButton} type="button" className="pm-button print-report__button" onClick={() => window.print()}>
              Print
            </button>
            <button type="button" className="pm-button print-report__button" onClick={onClose}>
              Close report
            </button>
          </div>
        </header>
        <figure className="print-report__figure">
          {/* The bar is a share of the picture's width, so it sits on the picture, not in the caption. */}
          <div className="print-report__map">
            <img src={snapshot.image} alt={parcel ? `Map of parcel ${parcel.pin}, outlined` : 'Map view'} className="print-report__image" />
            <span className="print-report__scale" data-testid="print-scale">
              <span className="print-report__scale-bar" data-testid="print-scale-bar" style={{ width: `${(scale.fraction * 100).toFixed(4)}%` }} />
              <span className="print-report__scale-label">{scale.label}</span>
            </span>
          </div>
          <figcaption className="print-report__caption">
            <span>
              Centre {snapshot.lat.toFixed(5)}, {snapshot.lng.toFixed(5)} · zoom {snapshot.zoom.toFixed(2)}
            </span>
          </figcaption>
        </figure>
        {parcel && (
          <ParcelFieldList parcel={parcel} className="print-report__fields" />
        )}
        {/* On paper nothing folds: the panel's 'More details' printed open. */}
        {parcel && parcel.attributes.length > 0 && (
          <section className="print-report__more" aria-label="More details">
            <h3>More details</h3>
            <ParcelAttributeList attributes={parcel.attributes} className="print-report__fields" />
          </section>
        )}
        <footer className="print-report__footer">
          <p>{dataset ? provenanceText(dataset) : 'Data source: not stated by the server.'} Printed {new Date(snapshot.takenAt).toLocaleString('en-US')}.</p>
          {snapshot.credits.length > 0 && <p data-testid="print-credits">Map: {snapshot.credits.join(' · ')}</p>}
          <p>{NOT_A_SURVEY}</p>
        </footer>
      </div>
    </div>
  );
}
