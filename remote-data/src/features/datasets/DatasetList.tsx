import { useNavigate } from 'react-router-dom';
import type { DatasetVersionsAnswer } from '@parcel-map/shared/api';
import { useListDatasetVersionsQuery, useRemoveDatasetMutation, useRollbackDatasetMutation, useSetInitialViewMutation } from '../dataAdminApi.ts';
import { number } from '../formats.ts';
import { mapLinkOfBbox } from './viewOfBbox.ts';
import { canRollBackOf, VERSION_COLUMNS, VersionedCard, VersionTable, type VersionColumn } from './VersionedCard.tsx';
import { VersionedSection } from './VersionedSection.tsx';

type Version = DatasetVersionsAnswer['versions'][number];

const DATASET_COLUMNS: VersionColumn<Version>[] = [
  { heading: 'Parcels', cell: (version) => number.format(version.parcels) },
  VERSION_COLUMNS.rejected,
  VERSION_COLUMNS.source,
  { heading: 'As of', cell: (version) => version.asOf ?? '—', className: 'data-nowrap' },
  VERSION_COLUMNS.published,
];

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
      <VersionTable versions={versions} columns={DATASET_COLUMNS} />
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
