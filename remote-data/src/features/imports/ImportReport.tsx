import { lazy, Suspense } from 'react';
import { changeCountsText, nonParcelText, outsizedText, type ImportJob, type ImportReport as Report } from '@parcel-map/shared/api';
import { number } from '../formats.ts';
import { ChangeList } from './ChangeList.tsx';
import { MappingTable } from './MappingTable.tsx';
import { Count, Refusal, Rejections } from './reportParts.tsx';

const SampleMap = lazy(() => import('./SampleMap.tsx').then(({ SampleMap }) => ({ default: SampleMap })));

/** The report names a joined table by where the server keeps it; the reader knows it by its name. */
const fileName = (file: string) => file.split(/[\\/]/).pop() ?? file;

/** The validation report of an import, before anything is published. */
export function ImportReport({ job, report }: { job: ImportJob; report: Report }) {
  const reasons = Object.entries(report.rejectedByReason).filter(([, count]) => count > 0);
  return (
    <div className="data-report">
      <Refusal refusal={report.refusal} />
      <dl className="data-counts">
        <Count label="Data set">
          {report.dataset.name}
          {report.dataset.version !== null && ` (version ${report.dataset.version})`}
        </Count>
        <Count label="File" wide>
          {report.file} · {report.format} · {report.crs}
        </Count>
        <Count label="Features read">{number.format(report.features)}</Count>
        <Count label="Parcels to publish">{number.format(report.imported)}</Count>
        <Count label="Outlines repaired">{number.format(report.repaired)}</Count>
        <Count label="Rejected">
          {number.format(report.rejected)}
          {reasons.length > 0 && ` (${reasons.map(([reason, count]) => `${reason}: ${number.format(count)}`).join(', ')})`}
        </Count>
        {report.join && (
          <Count label="Joined table" wide>
            {fileName(report.join.file)}: {number.format(report.join.matched)} matched, {number.format(report.join.unmatched)} unmatched
          </Count>
        )}
        {report.nonParcels.length > 0 && (
          <Count label="Not parcels" wide>
            {report.nonParcels.map(nonParcelText).join(', ')}
          </Count>
        )}
        {report.outsized.length > 0 && (
          <Count label="Enclosing many parcels" wide>
            {report.outsized.map(outsizedText).join(', ')}
          </Count>
        )}
        {report.changes !== undefined && (
          <Count label="Against the version served" wide>
            {report.changes ? changeCountsText(report.changes) : 'none is served: nothing to compare with'}
          </Count>
        )}
        <Count label="Source" wide>
          {report.dataset.sourceName}
          {report.dataset.asOf && `, as of ${report.dataset.asOf}`}
        </Count>
      </dl>
      <FieldNotes report={report} />
      {report.changes && <ChangeList path={`/api/admin/imports/${encodeURIComponent(job.id)}/changes`} counts={report.changes} name={`${report.dataset.name}-changes`} />}

      <Rejections
        columns={['Feature', 'PIN', 'Reason', 'Detail']}
        rows={report.rejections.map((row) => ({ key: row.feature, cells: [row.feature, row.pin ?? '—', row.reason, row.detail] }))}
      />

      <div className="data-report__columns">
        <section aria-labelledby="sample-heading">
          <h3 id="sample-heading">Sample{job.sample ? ` (${number.format(job.sample.features.length)} parcels)` : ''}</h3>
          {job.sample ? (
            <Suspense fallback={<p className="data-muted">Loading the map…</p>}>
              <SampleMap sample={job.sample} />
            </Suspense>
          ) : (
            <p className="data-muted">No sample.</p>
          )}
        </section>
        <section aria-labelledby="mapping-heading">
          <h3 id="mapping-heading">Field mapping used</h3>
          {job.mapping ? (
            <MappingTable mapping={job.mapping} />
          ) : (
            <p className="data-muted">The file's own field names (PIN, Name, ADD1, …).</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** Values left empty, per field: those that could not be read, and those that mean "unknown". */
function FieldNotes({ report }: { report: Report }) {
  const notes = [
    ...report.warnings.map(({ field, count, examples }) => ({ key: `unreadable ${field}`, text: `${field}: ${number.format(count)} values could not be read (e.g. ${examples.join(', ')}); left empty.` })),
    ...report.placeholders.map(({ field, count, examples }) => ({
      key: `unknown ${field}`,
      text: `${field}: ${number.format(count)} placeholders for an unknown value (e.g. ${examples.map((example) => `"${example}"`).join(', ')}); stored as missing.`,
    })),
  ];
  if (notes.length === 0) return null;
  return (
    <ul className="data-warnings">
      {notes.map((note) => (
        <li key={note.key}>{note.text}</li>
      ))}
    </ul>
  );
}
