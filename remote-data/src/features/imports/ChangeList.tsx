// What a new version changes against the one served (issue #43): the counts by kind, the changes of
// one kind or all a page at a time (before → after), and every one of them as a CSV file — a
// validated import's list before it is published, or a published version's change log.
import { useId, useState } from 'react';
import { CHANGES_CSV_COLUMNS, changeValuesText, errorMessageOf, PARCEL_CHANGE_KINDS, PARCEL_CHANGE_LABELS, useSaveWholeListMutation, type ChangeCounts, type ParcelChangeKind } from '@parcel-map/shared/api';
import { failureMessage, useGetChangesQuery } from '../dataAdminApi.ts';
import { number } from '../formats.ts';
import { ListTable } from './reportParts.tsx';

const PAGE = 100;

/** `path`: the list's API path (…/changes); `name`: the CSV file's name begins with it; `title`: its heading. */
export function ChangeList({ path, counts, name, title = 'Changes against the version served' }: { path: string; counts: ChangeCounts; name: string; title?: string }) {
  const headingId = useId();
  const [kind, setKind] = useState<ParcelChangeKind | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const total = kind === undefined ? PARCEL_CHANGE_KINDS.reduce((sum, each) => sum + counts[each], 0) : counts[kind];
  const page = useGetChangesQuery({ path, kind, offset, limit: PAGE }, { skip: total === 0 });
  const [save, saving] = useSaveWholeListMutation();
  const choose = (next: ParcelChangeKind | undefined) => {
    setKind(next);
    setOffset(0);
  };
  const filters: { key: string; kind: ParcelChangeKind | undefined; label: string; count: number }[] = [
    { key: 'all', kind: undefined, label: 'All', count: PARCEL_CHANGE_KINDS.reduce((sum, each) => sum + counts[each], 0) },
    ...PARCEL_CHANGE_KINDS.map((each) => ({ key: each, kind: each, label: PARCEL_CHANGE_LABELS[each], count: counts[each] })),
  ];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <div className="data-actions" role="group" aria-label="Show changes">
        {filters.map((filter) => (
          <button
            key={filter.key}
            type="button"
            className="pm-button pm-button--small pm-button--secondary"
            aria-pressed={kind === filter.kind}
            onClick={() => choose(filter.kind)}
          >
            {filter.label} ({number.format(filter.count)})
          </button>
        ))}
        <button
          type="button"
          className="pm-button pm-button--small"
          disabled={total === 0 || saving.isLoading}
          onClick={() => void save({ request: { path: kind ? `${path}?kind=${kind}` : path, method: 'GET' }, name: kind ? `${name}-${kind}` : name })}
        >
          {saving.isLoading ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>
      {saving.isError && (
        <p className="data-error" role="alert">
          {errorMessageOf(saving.error) ?? 'The download failed.'}
        </p>
      )}
      {total === 0 ? (
        <p className="data-muted">No change{kind ? ' of this kind' : ''}.</p>
      ) : page.isError ? (
        <p className="data-error" role="alert">
          {failureMessage(page.error)}
        </p>
      ) : !page.data ? (
        <p className="data-muted">Loading the changes…</p>
      ) : (
        <>
          <ListTable
            label="Changes"
            columns={CHANGES_CSV_COLUMNS}
            noWrap={['PIN', 'Change']}
            rows={page.data.changes.map((change) => ({
              key: `${change.kind} ${change.pin}`,
              cells: [change.pin, PARCEL_CHANGE_LABELS[change.kind], change.address ?? '—', changeValuesText(change.before) || '—', changeValuesText(change.after) || '—'],
            }))}
          />
          <div className="data-actions">
            <span className="data-muted">
              {number.format(offset + 1)}–{number.format(Math.min(offset + PAGE, total))} of {number.format(total)}
            </span>
            <button type="button" className="pm-button pm-button--small pm-button--secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Previous
            </button>
            <button type="button" className="pm-button pm-button--small pm-button--secondary" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
              Next
            </button>
          </div>
        </>
      )}
    </section>
  );
}
