// Address labels of a mailing list on the Avery sheet the user picks, in the order they pick, shown over
// the page to print with the browser's print dialog, or downloaded as a PDF laid out alike; a list of
// more than SHEETS_PER_PRINT sheets prints in parts the user picks, each printed on its own.
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { datedFileName, downloadFile } from '@parcel-map/shared';
import { fitLabel, LABEL_PADDING_X_IN, LABEL_TEMPLATES, labelPosition, labelsPerSheet, LINE_HEIGHT, type TextWidth } from './labelLayout.ts';
import { helveticaWidths, labelsPdf } from './labelsPdf.ts';
import { chunks, CURRENT_RESIDENT_LINE, labelAddress, SHEETS_PER_PRINT, sortedForMailing, type LabelOrder, type MailingEntry } from './mailingList.ts';
import './mailingLabels.css';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
const inches = (n: number) => `${n}in`;
const TEMPLATE_NAMES = { '5160': '2⅝" × 1", 30 a sheet', '5161': '4" × 1", 20 a sheet', '5163': '4" × 2", 10 a sheet' } as const;

interface MailingLabelsProps {
  entries: readonly MailingEntry[];
  /** The letters with the subject parcel's owner among them; absent where the list has no subject parcel. */
  withSubject?: readonly MailingEntry[];
  /** How many parcels the list has (the subject not counted). */
  parcels: number;
  /** The PDF's name begins with it. */
  name: string;
  onClose: () => void;
}

export function MailingLabels({ entries, withSubject, parcels, name, onClose }: MailingLabelsProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const [widthOf, setWidthOf] = useState<TextWidth | null>(null);
  useEffect(() => {
    void helveticaWidths().then((widths) => setWidthOf(() => widths));
  }, []);
  const [templateId, setTemplateId] = useState<(typeof LABEL_TEMPLATES)[number]['id']>('5160');
  const [order, setOrder] = useState<LabelOrder>('owner');
  const [includeSubject, setIncludeSubject] = useState(false);
  const [orCurrentResident, setOrCurrentResident] = useState(false);
  const [part, setPart] = useState(0);
  const template = LABEL_TEMPLATES.find((candidate) => candidate.id === templateId)!;
  const perSheet = labelsPerSheet(template);
  const letters = useMemo(() => sortedForMailing(includeSubject && withSubject ? withSubject : entries, order), [entries, withSubject, includeSubject, order]);
  const labels = useMemo(
    () => (widthOf ? letters.map((letter) => fitLabel(labelAddress(letter, { orCurrentResident }), template, widthOf)) : null),
    [letters, orCurrentResident, template, widthOf],
  );
  const parts = chunks(labels ?? [], SHEETS_PER_PRINT * perSheet);
  const shownPart = Math.min(part, Math.max(parts.length - 1, 0));
  const sheets = Math.ceil(letters.length / perSheet);
  const [pdfStatus, setPdfStatus] = useState('');

  const downloadPdf = async () => {
    if (!labels) return;
    setPdfStatus('Making the PDF…');
    downloadFile(datedFileName(`${name}-labels-avery-${template.id}`, 'pdf'), 'application/pdf', await labelsPdf(labels, template));
    setPdfStatus(`Downloaded a PDF of ${plural(labels.length, 'label', 'labels')}.`);
  };

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
        <span className="mailing-labels__summary">
          {plural(letters.length, 'label', 'labels')} for {plural(parcels, 'parcel', 'parcels')}
          {includeSubject && withSubject ? " and the subject parcel's owner" : ''} on {plural(sheets, 'sheet', 'sheets')} (Avery {template.id}: {template.columns} ×{' '}
          {template.rows}, US Letter)
          {parts.length > 1 && `, printed ${count(SHEETS_PER_PRINT)} sheets at a time`}
        </span>
        <label>
          Sheet{' '}
          <select value={templateId} onChange={(event) => setTemplateId(event.target.value as typeof templateId)}>
            {LABEL_TEMPLATES.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                Avery {candidate.id} ({TEMPLATE_NAMES[candidate.id]})
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort by{' '}
          <select value={order} onChange={(event) => setOrder(event.target.value as LabelOrder)}>
            <option value="owner">Owner name</option>
            <option value="zip">ZIP code</option>
          </select>
        </label>
        {withSubject && (
          <label>
            <input type="checkbox" checked={includeSubject} onChange={(event) => setIncludeSubject(event.target.checked)} /> Include the subject parcel&apos;s owner
          </label>
        )}
        <label>
          <input type="checkbox" checked={orCurrentResident} onChange={(event) => setOrCurrentResident(event.target.checked)} /> Add &ldquo;{CURRENT_RESIDENT_LINE}&rdquo;
        </label>
        {parts.length > 1 && (
          <label>
            Print{' '}
            <select value={shownPart} onChange={(event) => setPart(Number(event.target.value))}>
              {parts.map((run, index) => (
                <option key={index} value={index}>
                  labels {count(index * SHEETS_PER_PRINT * perSheet + 1)}–{count(index * SHEETS_PER_PRINT * perSheet + run.length)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="pm-button" disabled={!labels} onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="pm-button" disabled={!labels} onClick={() => void downloadPdf()}>
          Download PDF
        </button>
        <button ref={closeRef} type="button" className="pm-button" onClick={onClose}>
          Close
        </button>
        <span role="status">{labels ? pdfStatus : 'Laying out the labels…'}</span>
      </div>
      {chunks(parts[shownPart] ?? [], perSheet).map((sheet, index) => (
        <section key={index} className="mailing-labels__sheet" aria-label={`Sheet ${shownPart * SHEETS_PER_PRINT + index + 1}`}>
          {sheet.map((label, at) => {
            const { left, top } = labelPosition(template, at);
            return (
              <div
                key={at}
                className="mailing-labels__label"
                style={{
                  left: inches(left),
                  top: inches(top),
                  width: inches(template.labelWidth),
                  height: inches(template.labelHeight),
                  padding: `0 ${inches(LABEL_PADDING_X_IN)}`,
                  fontSize: `${label.size}pt`,
                  lineHeight: LINE_HEIGHT,
                }}
              >
                {label.lines.map((line, n) => (
                  <span key={n}>{line}</span>
                ))}
              </div>
            );
          })}
        </section>
      ))}
    </div>,
    document.body,
  );
}
