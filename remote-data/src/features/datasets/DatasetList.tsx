import { useNavigate } from 'react-router-dom';
import { changeCountsText, type DatasetVersion } from '@parcel-map/shared/api';
import { useListDatasetVersionsQuery, useRemoveDatasetMutation, useRepublishDatasetMutation, useRollbackDatasetMutation, useSetInitialViewMutation } from '../dataAdminApi.ts';
import { number } from '../formats.ts';
import { formatMegabytes } from '../imports/datasetName.ts';
import { mapLinkOfBbox } from './viewOfBbox.ts';
import { VERSION_COLUMNS, VersionedCard, type VersionColumn } from './VersionedCard.tsx';
import { VersionedSection } from './VersionedSection.tsx';

const DATASET_COLUMNS: VersionColumn<DatasetVersion>[] = [
  { heading: 'Parcels', cell: (version) => number.format(version.parcels) },
  // A first version, or one published before changes were recorded, has nothing to compare with.
  { heading: 'Changes', cell: ({ changes }) => (changes ? changeCountsText(changes) : '—'), className: 'data-changes' },
  {
    heading: 'File',
    className: 'data-file',
    cell: ({ file }) =>
      file ? (
        <>
          {file.name}
          <span className="data-muted data-cell__line">
            {file.format}
            {file.bytes !== null && ` · ${formatMegabytes(file.bytes)}`}
          </span>
        </>
      ) : (
        '—'
      ),
  },
  VERSION_COLUMNS.rejected,
  VERSION_COLUMNS.source,
  { heading: 'As of', cell: (version) => version.asOf ?? '—', className: 'data-nowrap' },
  VERSION_COLUMNS.published,
];

function DatasetCard({ name, versions }: { name: string; versions: DatasetVersion[] }) {
  const navigate = useNavigate();
  const [rollback, rollingBack] = useRollbackDatasetMutation();
  const [republish, republishing] = useRepublishDatasetMutation();
  const [remove, removing] = useRemoveDatasetMutation();
  const [setInitialView, zooming] = useSetInitialViewMutation();
  const current = versions.find((version) => version.current);
  const busy = rollingBack.isLoading || republishing.isLoading || removing.isLoading || zooming.isLoading;

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
      versions={versions}
      columns={DATASET_COLUMNS}
      busy={busy}
      rollback={() => rollback(name).unwrap()}
      republish={(version) => republish({ name, version }).unwrap()}
      remove={() => remove(name).unwrap()}
      actions={(act) => (
        <button type="button" className="pm-button pm-button--secondary" disabled={busy || !current?.bbox} onClick={() => void act(zoomTo)} aria-label={`Zoom to ${name}`}>
          Zoom to
        </button>
      )}
    />
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
