// The query panel's saved queries, kept per user by the API (savedQueriesApi.ts): the current query
// saved under a name (or replacing the one of that name), and each saved one run again (on the data
// published now), renamed or deleted.
import { useState } from 'react';
import { errorMessageOf, SAVED_QUERY_NAME_MAX_LENGTH, type SavedQuery, type SavedQueryConditions } from '@parcel-map/shared/api';
import { useCreateSavedQueryMutation, useDeleteSavedQueryMutation, useListSavedQueriesQuery, useUpdateSavedQueryMutation } from './savedQueriesApi.ts';

interface SavedQueriesProps {
  /** What the panel would ask now; null while it holds no condition. */
  current: SavedQueryConditions | null;
  onRun(query: SavedQuery['query']): void;
}

export function SavedQueries({ current, onRun }: SavedQueriesProps) {
  const saved = useListSavedQueriesQuery();
  const [create, creating] = useCreateSavedQueryMutation();
  const [update, updating] = useUpdateSavedQueryMutation();
  const [remove, removing] = useDeleteSavedQueryMutation();
  const [name, setName] = useState('');
  const trimmed = name.trim();
  // Saving under a name kept already replaces that query's conditions.
  const replacing = saved.data?.find((query) => query.name === trimmed);
  const failure = [saved, creating, updating, removing].find((state) => state.isError);
  return (
    <div className="query-panel__saved">
      <form
        className="finder-panel__toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          if (!current || trimmed === '') return;
          const saving = replacing ? update({ id: replacing.id, query: current }) : create({ name: trimmed, query: current });
          void saving.unwrap().then(() => setName(''), () => undefined);
        }}
      >
        <label>
          Query name <input value={name} maxLength={SAVED_QUERY_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="pm-button" disabled={!current || trimmed === '' || creating.isLoading || updating.isLoading}>
          {replacing ? 'Replace query' : 'Save query'}
        </button>
      </form>
      {failure && (
        <p className="finder-panel__hint" role="alert">
          {errorMessageOf(failure.error) ?? 'The saved queries could not be changed.'}
        </p>
      )}
      {saved.data && saved.data.length > 0 && (
        <ul className="query-panel__saved-list" aria-label="Saved queries">
          {saved.data.map((query) => (
            <SavedQueryItem key={query.id} query={query} onRun={() => onRun(query.query)} onRename={(newName) => update({ id: query.id, name: newName }).unwrap()} onDelete={() => void remove(query.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

interface SavedQueryItemProps {
  query: SavedQuery;
  onRun(): void;
  /** Settles once renamed; rejects when the API refused the name (the panel says why). */
  onRename(name: string): Promise<unknown>;
  onDelete(): void;
}

function SavedQueryItem({ query, onRun, onRename, onDelete }: SavedQueryItemProps) {
  const [newName, setNewName] = useState<string | null>(null);
  if (newName !== null) {
    return (
      <li>
        <form
          className="query-panel__rename"
          onSubmit={(event) => {
            event.preventDefault();
            if (newName.trim() === '') return;
            void onRename(newName.trim()).then(() => setNewName(null), () => undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setNewName(null);
          }}
        >
          <input aria-label={`New name for ${query.name}`} value={newName} maxLength={SAVED_QUERY_NAME_MAX_LENGTH} autoFocus onChange={(event) => setNewName(event.target.value)} />
          <button type="submit" className="pm-button">
            Rename
          </button>
          <button type="button" className="pm-button" onClick={() => setNewName(null)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }
  return (
    <li>
      <button type="button" className="query-panel__saved-run" onClick={onRun}>
        {query.name}
      </button>
      <button type="button" className="query-panel__remove" aria-label={`Rename ${query.name}`} onClick={() => setNewName(query.name)}>
        ✎
      </button>
      <button type="button" className="query-panel__remove" aria-label={`Delete ${query.name}`} onClick={onDelete}>
        ×
      </button>
    </li>
  );
}
