import { useEffect, useRef } from 'react';
import type { ImportReport as ParcelImportReport, OverlayImportReport } from '@parcel-map/shared/api';
import { useGetImportLimitsQuery, useListDatasetVersionsQuery, useListOverlayVersionsQuery } from '../dataAdminApi.ts';
import { ImageryReport } from './ImageryReport.tsx';
import { ImportForm } from './ImportForm.tsx';
import { ImportReport } from './ImportReport.tsx';
import { OverlayReport } from './OverlayReport.tsx';
import { formatMegabytes } from './datasetName.ts';
import { useImportFlow, type FileProgress } from './useImportFlow.ts';
import { usePublishedSaying } from './usePublishedSaying.ts';

function UploadProgress({ file }: { file: FileProgress }) {
  return (
    <div className="data-progress">
      <span>
        {file.name}: {formatMegabytes(file.sent)} of {formatMegabytes(file.total)}
      </span>
      <progress max={file.total || 1} value={file.sent} aria-label={`Uploading ${file.name}`} />
    </div>
  );
}

function Working({ title, progress }: { title: string; progress: { phase: string; done: number; total: number } | null }) {
  return (
    <div className="data-progress" role="status">
      <span>
        {title}
        {progress && ` ${progress.phase}${progress.total > 0 ? `: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}` : ''}`}
      </span>
      {progress && progress.total > 0 ? <progress max={progress.total} value={progress.done} aria-label={title} /> : <progress aria-label={title} />}
    </div>
  );
}

/** What was published, its report under it, and the way back to the form. */
function Published({ saying, onAnother, children }: { saying: string; onAnother: () => void; children?: React.ReactNode }) {
  return (
    <div className="data-stack">
      <p role="status" className="data-success">
        {saying}
      </p>
      {children}
      <div className="data-actions">
        <button type="button" className="pm-button" onClick={onAnother}>
          Import another file
        </button>
      </div>
    </div>
  );
}

/** A data set's publish, said as the data sets' list below has it now. */
function PublishedDataset({ report, onAnother }: { report: ParcelImportReport; onAnother: () => void }) {
  const list = useListDatasetVersionsQuery();
  const saying = usePublishedSaying({
    name: report.dataset.name,
    version: report.dataset.version ?? 0,
    versions: list.data?.versions,
    served: `${report.imported.toLocaleString('en-US')} parcels are on the map.`,
  });
  return <Published saying={saying} onAnother={onAnother} />;
}

/** An overlay's publish, said as the overlays' list below has it now. */
function PublishedOverlay({ report, onAnother, children }: { report: OverlayImportReport; onAnother: () => void; children: React.ReactNode }) {
  const list = useListOverlayVersionsQuery();
  const saying = usePublishedSaying({
    name: report.overlay.name,
    version: report.overlay.version ?? 0,
    versions: list.data?.versions,
    served: `${report.imported.toLocaleString('en-US')} features are in the Overlays panel.`,
  });
  return (
    <Published saying={saying} onAnother={onAnother}>
      {children}
    </Published>
  );
}

/** Upload → validation report → publish, one import at a time. */
export function ImportSection() {
  const limits = useGetImportLimitsQuery();
  const flow = useImportFlow();
  const { stage, job } = flow;
  const heading = useRef<HTMLHeadingElement>(null);

  // The report replaces the form: the reader's place moves to it.
  const reportShown =
    stage.kind === 'overlay' ||
    stage.kind === 'overlay-publishing' ||
    stage.kind === 'overlay-published' ||
    stage.kind === 'imagery-published' ||
    (stage.kind === 'job' && (job?.state === 'ready' || job?.state === 'refused' || job?.state === 'published' || job?.state === 'failed'));
  useEffect(() => {
    if (reportShown) heading.current?.focus();
  }, [reportShown]);

  let body: React.ReactNode;
  if (limits.isLoading) body = <p role="status">Loading upload limits…</p>;
  else if (!limits.data)
    body = (
      <div role="alert" className="data-error">
        <p>Could not load the upload limits: {limits.error && 'message' in limits.error ? limits.error.message : 'unknown error'}</p>
        <button type="button" className="pm-button" onClick={() => void limits.refetch()}>
          Try Again
        </button>
      </div>
    );
  else if (stage.kind === 'form' || stage.kind === 'error' || stage.kind === 'uploading')
    body = (
      <ImportForm
        limits={limits.data}
        onSubmit={(request) => void flow.start(request)}
        onCheckOverlay={(request) => void flow.checkOverlay(request)}
        onPublishImagery={(request) => void flow.publishImagery(request)}
        error={stage.kind === 'error' ? stage.message : null}
        busy={stage.kind === 'uploading'}
      >
        {stage.kind === 'uploading' && (
          <div className="data-stack">
            <p role="status">{stage.working ?? 'Uploading…'}</p>
            {stage.files.map((file) => (
              <UploadProgress key={file.name} file={file} />
            ))}
            <div className="data-actions">
              <button type="button" className="pm-button pm-button--secondary" onClick={() => void flow.discard()}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </ImportForm>
    );
  else if (stage.kind === 'overlay' || stage.kind === 'overlay-publishing')
    body = (
      <div className="data-stack">
        <OverlayReport report={stage.report} />
        {stage.kind === 'overlay-publishing' ? (
          <Working title="Publishing…" progress={null} />
        ) : (
          <>
            {stage.error && (
              <p className="data-error" role="alert">
                {stage.error}
              </p>
            )}
            <div className="data-actions">
              {!stage.report.refusal && (
                <button type="button" className="pm-button" onClick={() => void flow.publishOverlay()}>
                  Publish
                </button>
              )}
              <button type="button" className="pm-button pm-button--secondary" onClick={flow.reset}>
                Discard
              </button>
            </div>
          </>
        )}
      </div>
    );
  else if (stage.kind === 'overlay-published')
    body = (
      <PublishedOverlay report={stage.report} onAnother={flow.reset}>
        <OverlayReport report={stage.report} />
      </PublishedOverlay>
    );
  else if (stage.kind === 'imagery-published')
    body = (
      <Published
        saying={`Published ${stage.report.imagery.name} version ${stage.report.imagery.version}: "Imagery — ${stage.report.imagery.label}" is in the map's base map menu.`}
        onAnother={flow.reset}
      >
        <ImageryReport report={stage.report} />
      </Published>
    );
  else if (!job)
    body = flow.jobError ? (
      <div role="alert" className="data-error">
        <p>Could not read the import: {flow.jobError}</p>
        <button type="button" className="pm-button" onClick={flow.reset}>
          Start over
        </button>
      </div>
    ) : (
      <Working title="Validating…" progress={null} />
    );
  else if (job.state === 'uploading' || job.state === 'validating') body = <Working title="Validating…" progress={job.progress} />;
  else if (job.state === 'publishing') body = <Working title="Publishing…" progress={job.progress} />;
  else if (job.state === 'failed')
    body = (
      <div role="alert" className="data-error">
        <p>The import failed: {job.error ?? 'unknown error'}</p>
        <button type="button" className="pm-button" onClick={() => void flow.discard()}>
          Start over
        </button>
      </div>
    );
  else if (job.state === 'published' && job.report) body = <PublishedDataset report={job.report} onAnother={flow.reset} />;
  else if (job.report)
    body = (
      <div className="data-stack">
        <ImportReport job={job} report={job.report} />
        <div className="data-actions">
          {job.state === 'ready' && (
            <button type="button" className="pm-button" disabled={flow.busy} onClick={() => void flow.publish()}>
              Publish
            </button>
          )}
          <button type="button" className="pm-button pm-button--secondary" disabled={flow.busy} onClick={() => void flow.discard()}>
            Discard
          </button>
        </div>
      </div>
    );
  else body = <Working title="Validating…" progress={job.progress} />;

  return (
    <section className="data-card" aria-labelledby="import-heading">
      <h2 id="import-heading" ref={heading} tabIndex={-1}>
        {reportShown && job?.state !== 'published' && stage.kind !== 'overlay-published' && stage.kind !== 'imagery-published' ? 'Validation report' : 'Import a file'}
      </h2>
      {body}
    </section>
  );
}
