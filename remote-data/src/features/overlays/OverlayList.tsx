import type { OverlayVersion } from '@parcel-map/shared/api';
import { useListOverlayVersionsQuery, useRemoveOverlayMutation, useRollbackOverlayMutation } from '../dataAdminApi.ts';
import { number } from '../formats.ts';
import { VERSION_COLUMNS, VersionedCard, type VersionColumn } from '../datasets/VersionedCard.tsx';
import { VersionedSection } from '../datasets/VersionedSection.tsx';
import { overlayKind } from './overlayKind.ts';

const OVERLAY_COLUMNS: VersionColumn<OverlayVersion>[] = [
  { heading: 'Kind', cell: overlayKind, className: 'data-nowrap' },
  { heading: 'Features', cell: (version) => number.format(version.features) },
  VERSION_COLUMNS.rejected,
  VERSION_COLUMNS.source,
  VERSION_COLUMNS.published,
];

function OverlayCard({ name, versions }: { name: string; versions: OverlayVersion[] }) {
  const [rollback, rollingBack] = useRollbackOverlayMutation();
  const [remove, removing] = useRemoveOverlayMutation();
  const shown = versions.find((version) => version.current) ?? versions[0]!;
  return (
    <VersionedCard
      name={name}
      title={
        <>
          {shown.label} <span className="data-muted data-dataset__name">{name}</span>
        </>
      }
      what="Its features"
      versions={versions}
      columns={OVERLAY_COLUMNS}
      busy={rollingBack.isLoading || removing.isLoading}
      rollback={() => rollback(name).unwrap()}
      remove={() => remove(name).unwrap()}
    />
  );
}

/** The overlay layers with their kept versions, managed as the data sets are. */
export function OverlayList() {
  const list = useListOverlayVersionsQuery();
  return (
    <VersionedSection
      title="Overlays"
      plural="overlays"
      none="No overlay is published yet. Import one above: choose 'An overlay layer'."
      list={list}
      card={(name, versions) => <OverlayCard key={name} name={name} versions={versions} />}
    />
  );
}
