import { useNavigate } from 'react-router-dom';
import type { DatasetVersionsAnswer } from '@parcel-map/shared/api';
import { useListDatasetVersionsQuery, useRemoveDatasetMutation, useRollbackDatasetMutation, useSetInitialViewMutation } from '../dataAdminApi.ts';
import { dateTime, number } from '../formats.ts';
import { mapLinkOfBbox } from './viewOfBbox.ts';
import { canRollBackOf, VersionedCard, VersionRow } from './VersionedCard.tsx';
import { VersionedSection } from './VersionedSection.tsx';

type Version = DatasetVersionsAnswer['versions'][number];

function DatasetCard({ name, versions }: { name: string; versions: Version[] }) {
  const navigate = useNavigate();
  const [rollback, rollingBack] = useRollbackDatasetMutation();
  const [remove, removing] = useRemoveDatasetMutation();
  const [setInitialView, zooming] = useSetInitialViewMutation();
  const current = versions.find((version) => version.current);
  const busy = rollingBack.isLoading || removing.isLoading || zooming.isLoading;

  const zoomTo = async () => {
    if (!current?.bbox) return;
    await setInitialView(name).unwrap();
    void navigate(mapLinkOfBbox(current.bbox, window.innerWidth, window.innerHeight));
  };

  return (
    <VersionedCard
      name={name}
      title={name}
      what="Its parcels"
      canRollBack={canRollBackOf(versions)}
      busy={busy}
      rollback={() => rollback(name).unwrap()}
      remove={() => remove(name).unwrap()}
      actions={(act) => (
        <button type="button" className="pm-button pm-button--secondary" disabled={busy || !current?.bbox} onClick={() => void act(zoomTo)} aria-label={`Zoom to ${name}`}>
          Zoom to
        </button>
      )}
    >
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
            <VersionRow key={version.version} version={version.version} current={version.current}>
              <td>{number.format(version.parcels)}</td>
              <td>{number.format(version.rejected)}</td>
              <td className="data-source">
                {version.source}
                {version.licence && <span className="data-muted"> · {version.licence}</span>}
              </td>
              <td className="data-nowrap">{version.asOf ?? '—'}</td>
              <td>{dateTime.format(new Date(version.publishedAt))}</td>
            </VersionRow>
          ))}
        </tbody>
      </table>
    </VersionedCard>
  );
}

/** The data sets with their kept versions, and what an administrator does with each. */
export function DatasetList() {
  const list = useListDatasetVersionsQuery();
  return (
    <VersionedSection
      title="Data sets"
      plural="data sets"
      none="No data set is published yet. Import a file above."
      list={list}
      card={(name, versions) => <DatasetCard key={name} name={name} versions={versions} />}
    />
  );
}
