import { lazy, Suspense } from 'react';
import type { ImportJob, ImportReport as Report } from '@parcel-map/shared/api';

const SampleMap = lazy(() => import('./SampleMap.tsx').then(({ SampleMap }) => ({ default: SampleMap })));

const number = new Intl.NumberFormat('en-US');

/** The report names a joined table by where the server keeps it; the reader knows it by its name. */
const fileName = (file: string) => file.split(/[\\/]/).pop() ?? file;

/** The validation report of an import, before anything is published. */
export function ImportReport({ job, report }: { job: ImportJob; report: Report }) {
  const reasons = Object.entries(report.rejectedByReason).filter(([, count]) => count > 0);
  return (
    <div className="data-report">
      {report.refusal && (
        <p className="data-error" role="alert">
          Not publishable: {report.refusal}
        </p>
      )}
      <dl className="data-counts">
        <div>
          <dt>Data set</dt>
          <dd>
            {report.dataset.name}
            {report.dataset.version !== null && ` (version ${report.dataset.version})`}
          </dd>
        </div>
        <div className="data-counts__wide">
          <dt>File</dt>
          <dd>
            {report.file} · {report.format} · {report.crs}
          </dd>
        </div>
        <div>
          <dt>Features read</dt>
          <dd>{number.format(report.features)}</dd>
        </div>
        <div>
          <dt>Parcels to publish</dt>
          <dd>{number.format(report.imported)}</dd>
        </div>
        <div>
          <dt>Outlines repaired</dt>
          <dd>{number.format(report.repaired)}</dd>
        </div>
        <div>
          <dt>Rejected</dt>
          <dd>
            {number.format(report.rejected)}
            {reasons.length > 0 && ` (${reasons.map(([reason, count]) => `${reason}: ${number.format(count)}`).join(', ')})`}
          </dd>
        </div>
        {report.join && (
          <div className="data-counts__wide">
            <dt>Joined table</dt>
            <dd>
              {fileName(report.join.file)}: {number.format(report.join.matched)} matched, {number.format(report.join.unmatched)} unmatched
            </dd>
          </div>
        )}
        <div className="data-counts__wide">
          <dt>Source</dt>
          <dd>
            {report.dataset.sourceName}
            {report.dataset.asOf && `, as of ${report.dataset.asOf}`}
          </dd>
        </div>
      </dl>
      {report.warnings.length > 0 && (
        <ul className="data-warnings">
          {report.warnings.map((warning) => (
            <li key={warning.field}>
              {warning.field}: {number.format(warning.count)} values could not be read (e.g. {warning.examples.join(', ')}); left empty.
            </li>
          ))}
        </ul>
      )}

      <h3>Rejections</h3>
      {report.rejections.length === 0 ? (
        <p className="data-muted">No feature was rejected.</p>
      ) : (
        // Focusable so that the keyboard can scroll it.
        <div className="data-scroll" tabIndex={0} role="region" aria-label="Rejections">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">PIN</th>
                <th scope="col">Reason</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {report.rejections.map((row) => (
                <tr key={row.feature}>
                  <td>{row.feature}</td>
                  <td>{row.pin ?? '—'}</td>
                  <td>{row.reason}</td>
                  <td>{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

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
            <pre className="data-scroll data-mapping" tabIndex={0} aria-label="Field mapping">
              {JSON.stringify(job.mapping, null, 2)}
            </pre>
          ) : (
            <p className="data-muted">The file's own field names (PIN, Name, ADD1, …).</p>
          )}
        </section>
      </div>
    </div>
  );
}
