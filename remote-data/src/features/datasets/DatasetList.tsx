import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DatasetVersionsAnswer } from '@parcel-map/shared/api';
import { failureMessage, useListDatasetVersionsQuery, useRemoveDatasetMutation, useRollbackDatasetMutation, useSetInitialViewMutation } from '../dataAdminApi.ts';
import { mapLinkOfBbox } from './viewOfBbox.ts';

type Version = DatasetVersionsAnswer['versions'][number];

const number = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The versions of every data set, newest first, grouped by name in the order the API gives them. */
function byName(versions: Version[]): [string, Version[]][] {
  const groups = new Map<string, Version[]>();
  for (const version of versions) groups.set(version.name, [...(groups.get(version.name) ?? []), version]);
  return [...groups.entries()].map(([name, list]) => [name, [...list].sort((a, b) => b.version - a.version)]);
}

function DatasetCard({ name, versions }: { name: string; versions: Version[] }) {
  const navigate = useNavigate();
  const [rollback, rollingBack] = useRollbackDatasetMutation();
  const [remove, removing] = useRemoveDatasetMutation();
  const [setInitialView, zooming] = useSetInitialViewMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = versions.find((version) => version.current);
  const canRollBack = !!current && versions.some((version) => version.version < current.version);
  const busy = rollingBack.isLoading || removing.isLoading || zooming.isLoading;

  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(failureMessage(caught));
    }
  };

  const zoomTo = () =>
    act(async () => {
      if (!current?.bbox) return;
      await setInitialView(name).unwrap();
      void navigate(mapLinkOfBbox(current.bbox, window.innerWidth, window.innerHeight));
    });

  return (
    <article className="data-dataset" aria-labelledby={`dataset-${name}`}>
      <header className="data-dataset__header">
        <h3 id={`dataset-${name}`}>{name}</h3>
        <div className="data-actions">
          <button type="button" className="pm-button pm-button--secondary" disabled={busy || !current?.bbox} onClick={() => void zoomTo()} aria-label={`Zoom to ${name}`}>
            Zoom to
          </button>
          <button
            type="button"
            className="pm-button pm-button--secondary"
            disabled={busy || !canRollBack}
            title={canRollBack ? undefined : 'No earlier version is kept'}
            onClick={() => void act(() => rollback(name).unwrap())}
            aria-label={`Roll back ${name}`}
          >
            Roll back
          </button>
          <button type="button" className="pm-button pm-button--danger" disabled={busy || confirming} onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </header>
      {confirming && (
        <div className="data-confirm" role="alertdialog" aria-label={`Remove ${name}?`}>
          <p>Remove {name} and its kept versions? Its parcels leave the map; this cannot be undone.</p>
          <div className="data-actions">
            <button
              type="button"
              className="pm-button pm-button--danger"
              disabled={busy}
              // The dialog's first control: the keyboard is where the question is.
              autoFocus
              onClick={() => void act(() => remove(name).unwrap()).then(() => setConfirming(false))}
            >
              Yes, Remove
            </button>
            <button type="button" className="pm-button pm-button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="data-error" role="alert">
          {error}
        </p>
      )}
      <div className="data-scroll data-scroll--wide" tabIndex={0} role="region" aria-label={`Versions of ${name}`}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Parcels</th>
              <th scope="col">Rejected</th>
              <th scope="col">Source</th>
              <th scope="col">As of</th>
              <th scope="col">Published</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version} className={version.current ? 'data-table__current' : undefined} aria-current={version.current ? 'true' : undefined}>
                <td>
                  {version.version}
                  {version.current && <span className="data-badge">current</span>}
                </td>
                <td>{number.format(version.parcels)}</td>
                <td>{number.format(version.rejected)}</td>
                <td className="data-source">
                  {version.source}
                  {version.licence && <span className="data-muted"> · {version.licence}</span>}
                </td>
                <td className="data-nowrap">{version.asOf ?? '—'}</td>
                <td>{dateTime.format(new Date(version.publishedAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/** The data sets with their kept versions, and what an administrator does with each. */
export function DatasetList() {
  const list = useListDatasetVersionsQuery();
  let body: React.ReactNode;
  if (list.isLoading) body = <p role="status">Loading data sets…</p>;
  else if (!list.data)
    body = (
      <div role="alert" className="data-error">
        <p>Could not load the data sets: {failureMessage(list.error)}</p>
        <button type="button" className="pm-button" onClick={() => void list.refetch()}>
          Try Again
        </button>
      </div>
    );
  else if (list.data.versions.length === 0) body = <p className="data-muted">No data set is published yet. Import a file above.</p>;
  else
    body = byName(list.data.versions).map(([name, versions]) => <DatasetCard key={name} name={name} versions={versions} />);
  return (
    <section className="data-card" aria-labelledby="datasets-heading" aria-busy={list.isFetching}>
      <h2 id="datasets-heading">Data sets</h2>
      {body}
    </section>
  );
}
