import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { changeCountsText, type DatasetVersion } from '@parcel-map/shared/api';
import { useListDatasetVersionsQuery, useRemoveDatasetMutation, useRepublishDatasetMutation, useRollbackDatasetMutation, useSetInitialViewMutation } from '../dataAdminApi.ts';
import { number } from '../formats.ts';
import { ChangeList } from '../imports/ChangeList.tsx';
import { formatMegabytes } from '../imports/datasetName.ts';
import { mapLinkOfBbox } from './viewOfBbox.ts';
import { VERSION_COLUMNS, VersionedCard, type VersionColumn } from './VersionedCard.tsx';
import { VersionedSection } from './VersionedSection.tsx';

/**
 * A version's change summary, and a button that opens its change log under the table. A first version,
 * or one published before changes were recorded, has nothing to compare with.
 */
const changesColumn = (name: string, shown: number | null, show: (version: number | null) => void): VersionColumn<DatasetVersion> => ({
  heading: 'Changes',
  className: 'data-changes',
  cell: ({ version, changes }) =>
    changes ? (
      <>
        {changeCountsText(changes)}
        <button
          type="button"
          className="pm-button pm-button--small pm-button--secondary data-cell__line"
          aria-expanded={shown === version}
          aria-label={`${shown === version ? 'Hide' : 'List'} the changes of version ${version} of ${name}`}
          onClick={() => show(shown === version ? null : version)}
        >
          {shown === version ? 'Hide' : 'List'}
        </button>
      </>
    ) : (
      '—'
    ),
});

const PARCELS_COLUMN: VersionColumn<DatasetVersion> = { heading: 'Parcels', cell: (version) => number.format(version.parcels) };

const DATASET_COLUMNS: VersionColumn<DatasetVersion>[] = [
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
  const [shownChanges, showChanges] = useState<number | null>(null);
  const shown = versions.find((version) => version.version === shownChanges && version.changes);
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
      columns={[PARCELS_COLUMN, changesColumn(name, shownChanges, showChanges), ...DATASET_COLUMNS]}
      busy={busy}
      rollback={() => rollback(name).unwrap()}
      republish={(version) => republish({ name, version }).unwrap()}
      remove={() => remove(name).unwrap()}
      actions={(act) => (
        <button type="button" className="pm-button pm-button--secondary" disabled={busy || !current?.bbox} onClick={() => void act(zoomTo)} aria-label={`Zoom to ${name}`}>
          Zoom to
        </button>
      )}
    >
      {shown?.changes && (
        <ChangeList
          path={`/api/admin/datasets/${encodeURIComponent(name)}/versions/${shown.version}/changes`}
          counts={shown.changes}
          name={`${name}-v${shown.version}-changes`}
          title={`What version ${shown.version} changed`}
        />
      )}
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
