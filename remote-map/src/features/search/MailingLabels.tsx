// Address labels of a mailing list, 3 × 10 to a US Letter sheet (the common 1" × 2⅝" label, Avery
// 5160 and its kin), shown over the page and printed with the browser's print dialog; a list of more
// than LABELS_PER_PRINT labels in parts the user picks, each printed on its own.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { labelPages, LABELS_PER_PAGE, LABELS_PER_PRINT, printParts, type MailingEntry } from './mailingList.ts';
import './mailingLabels.css';

const count = (n: number) => n.toLocaleString('en-US');

export function MailingLabels({ entries, parcels, onClose }: { entries: readonly MailingEntry[]; parcels: number; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const [part, setPart] = useState(0);
  const parts = printParts(entries);
  const pages = labelPages(parts[part] ?? []);
  const sheets = Math.ceil(entries.length / LABELS_PER_PAGE);
  // On the page's body, over everything: the panels' stacking contexts would otherwise cover it.
  return createPortal(
    <div
      className="mailing-labels__backdrop"
      role="dialog"
      aria-modal="true"
      aria-label="Mailing labels"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="mailing-labels__bar">
        <span>
          {count(entries.length)} {entries.length === 1 ? 'label' : 'labels'} for {count(parcels)} {parcels === 1 ? 'parcel' : 'parcels'} on {count(sheets)}{' '}
          {sheets === 1 ? 'sheet' : 'sheets'} (3 × 10, US Letter)
          {parts.length > 1 && `, printed ${count(LABELS_PER_PRINT / LABELS_PER_PAGE)} sheets at a time`}
        </span>
        {parts.length > 1 && (
          <label>
            Print{' '}
            <select value={part} onChange={(event) => setPart(Number(event.target.value))}>
              {parts.map((labels, index) => (
                <option key={index} value={index}>
                  labels {count(index * LABELS_PER_PRINT + 1)}–{count(index * LABELS_PER_PRINT + labels.length)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="pm-button" onClick={() => window.print()}>
          Print
        </button>
        <button ref={closeRef} type="button" className="pm-button" onClick={onClose}>
          Close
        </button>
      </div>
      {pages.map((page, index) => (
        <section key={index} className="mailing-labels__sheet" aria-label={`Sheet ${part * (LABELS_PER_PRINT / LABELS_PER_PAGE) + index + 1}`}>
          {page.map((entry) => (
            <div key={`${entry.owner}|${entry.address}|${entry.zip}`} className="mailing-labels__label">
              <span>{entry.owner}</span>
              <span>{entry.address}</span>
              <span>
                {entry.city}
                {entry.city && entry.state ? ', ' : ''}
                {entry.state} {entry.zip}
              </span>
            </div>
          ))}
        </section>
      ))}
    </div>,
    document.body,
  );
}
