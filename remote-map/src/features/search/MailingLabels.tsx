// Address labels of a mailing list, 3 × 10 to a US Letter sheet (the common 1" × 2⅝" label, Avery
// 5160 and its kin), shown over the page and printed with the browser's print dialog.
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { labelPages, type MailingEntry } from './mailingList.ts';
import './mailingLabels.css';

export function MailingLabels({ entries, onClose }: { entries: readonly MailingEntry[]; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const pages = labelPages(entries);
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
          {entries.length} labels on {pages.length} {pages.length === 1 ? 'sheet' : 'sheets'} (3 × 10, US Letter)
        </span>
        <button type="button" className="pm-button" onClick={() => window.print()}>
          Print
        </button>
        <button ref={closeRef} type="button" className="pm-button" onClick={onClose}>
          Close
        </button>
      </div>
      {pages.map((page, index) => (
        <section key={index} className="mailing-labels__sheet" aria-label={`Sheet ${index + 1}`}>
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
