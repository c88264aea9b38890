import type { OverlayVersion } from '@parcel-map/shared/api';
import { useListOverlayVersionsQuery, useRemoveOverlayMutation, useRollbackOverlayMutation } from '../dataAdminApi.ts';
import { dateTime, number } from '../formats.ts';
import { canRollBackOf, VersionedCard, VersionRow } from '../datasets/VersionedCard.tsx';
import { VersionedSection } from '../datasets/VersionedSection.tsx';
import { overlayKind } from './overlayKind.ts';

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
      canRollBack={canRollBackOf(versions)}
      busy={rollingBack.isLoading || removing.isLoading}
      rollback={() => rollback(name).unwrap()}
      remove={() => remove(name).unwrap()}
    >
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Kind</th>
            <th scope="col">Features</th>
            <th scope="col">Rejected</th>
            <th scope="col">Source</th>
            <th scope="col">Published</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <VersionRow key={version.version} version={version.version} current={version.current}>
              <td className="data-nowrap">{overlayKind(version)}</td>
              <td>{number.format(version.features)}</td>
              <td>{number.format(version.rejected)}</td>
              <td className="data-source">
                {version.source}
                {version.licence && <span className="data-muted"> · {version.licence}</span>}
              </td>
              <td>{dateTime.format(new Date(version.publishedAt))}</td>
            </VersionRow>
          ))}
        </tbody>
      </table>
    </VersionedCard>
  );
}

/** The overlay layers with their kept versions (issue #23 point 5), managed as the data sets are. */
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
