import { useId, type ReactNode } from 'react';
import { failureMessage } from '../dataAdminApi.ts';
import { byName } from './VersionedCard.tsx';

/** A list query's state, as RTK Query gives it. */
interface VersionsQuery<V> {
  isLoading: boolean;
  isFetching: boolean;
  data?: { versions: V[] };
  error?: unknown;
  refetch: () => unknown;
}

/** The data sets' or the overlays' section: loading, a failed load with Try Again, none yet, or a card per name. */
export function VersionedSection<V extends { name: string; version: number }>({
  title,
  plural,
  none,
  list,
  card,
}: {
  title: string;
  /** 'data sets', 'overlays': in the loading and failure messages. */
  plural: string;
  none: string;
  list: VersionsQuery<V>;
  card: (name: string, versions: V[]) => ReactNode;
}) {
  const headingId = useId();
  let body: ReactNode;
  if (list.isLoading) body = <p role="status">Loading {plural}…</p>;
  else if (!list.data)
    body = (
      <div role="alert" className="data-error">
        <p>
          Could not load the {plural}: {failureMessage(list.error)}
        </p>
        <button type="button" className="pm-button" onClick={() => void list.refetch()}>
          Try Again
        </button>
      </div>
    );
  else if (list.data.versions.length === 0) body = <p className="data-muted">{none}</p>;
  else body = byName(list.data.versions).map(([name, versions]) => card(name, versions));
  return (
    <section className="data-card" aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId}>{title}</h2>
      {body}
    </section>
  );
}
