// The query panel's saved queries: the current one saved under a name, and each saved one run again
// (on the data published now) or deleted. Per user: savedQueries.ts.
import { useState } from 'react';
import { useAppSelector } from '@parcel-map/shared';
import type { ParcelQueryConditions } from '@parcel-map/shared/api';
import { rowsOf, type ConditionRow } from './queryConditions.ts';
import { loadSavedQueries, storeSavedQueries, withSavedQuery, type SavedQuery } from './savedQueries.ts';

interface SavedQueriesProps {
  /** What the panel would ask now; null while it holds no condition. */
  current: ParcelQueryConditions | null;
  onRun(saved: SavedQuery, rows: ConditionRow[]): void;
}

export function SavedQueries({ current, onRun }: SavedQueriesProps) {
  const userId = useAppSelector((state) => state.session.user.value?.userId ?? null);
  if (!userId) return null;
  return <SavedQueriesOf key={userId} userId={userId} current={current} onRun={onRun} />;
}

function SavedQueriesOf({ userId, current, onRun }: SavedQueriesProps & { userId: string }) {
  const [saved, setSaved] = useState(() => loadSavedQueries(userId));
  const [name, setName] = useState('');
  const keep = (next: SavedQuery[]) => {
    storeSavedQueries(userId, next);
    setSaved(next);
  };
  const trimmed = name.trim();
  return (
    <div className="query-panel__saved">
      <form
        className="finder-panel__toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          if (!current || trimmed === '') return;
          keep(withSavedQuery(saved, { name: trimmed, q: current.q ?? '', filters: current.filters ?? [] }));
          setName('');
        }}
      >
        <label>
          Query name <input value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="pm-button" disabled={!current || trimmed === ''}>
          Save query
        </button>
      </form>
      {saved.length > 0 && (
        <ul className="query-panel__saved-list" aria-label="Saved queries">
          {saved.map((query) => (
            <li key={query.name}>
              <button type="button" className="query-panel__saved-run" onClick={() => onRun(query, rowsOf(query.filters, 1))}>
                {query.name}
              </button>
              <button type="button" className="query-panel__remove" aria-label={`Delete ${query.name}`} onClick={() => keep(saved.filter((candidate) => candidate !== query))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
