import { useId, useState, type ReactNode } from 'react';
import { failureMessage } from '../dataAdminApi.ts';
import { dateTime, number } from '../formats.ts';

/** Runs an administrator's action; a failure shows the API's message on the card. */
export type CardAction = (action: () => Promise<unknown>) => Promise<void>;

/**
 * A data set or an overlay with its kept versions (overlays are versioned, rolled back and removed
 * like data sets): its heading, Roll back, Remove after a confirmation, and the versions' table.
 */
export function VersionedCard({
  name,
  title,
  what,
  canRollBack,
  busy,
  rollback,
  remove,
  actions,
  children,
}: {
  /** What the API knows it by; the buttons say it. */
  name: string;
  title: ReactNode;
  /** What leaves the map with it, for the confirmation: 'Its parcels', 'Its features'. */
  what: string;
  canRollBack: boolean;
  busy: boolean;
  rollback: () => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** More buttons before Roll back, with the card's error line. */
  actions?: (act: CardAction) => ReactNode;
  /** The versions' table. */
  children: ReactNode;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act: CardAction = async (action) => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(failureMessage(caught));
    }
  };

  return (
    <article className="data-dataset" aria-labelledby={headingId}>
      <header className="data-dataset__header">
        <h3 id={headingId}>{title}</h3>
        <div className="data-actions">
          {actions?.(act)}
          <button
            type="button"
            className="pm-button pm-button--secondary"
            disabled={busy || !canRollBack}
            title={canRollBack ? undefined : 'No earlier version is kept'}
            onClick={() => void act(rollback)}
            aria-label={`Roll back ${name}`}
          >
            Roll back
          </button>
          <button type="button" className="pm-button pm-button--danger" disabled={busy || confirming} onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </header>
      {confirming && (
        <div className="data-confirm" role="alertdialog" aria-label={`Remove ${name}?`}>
          <p>
            Remove {name} and its kept versions? {what} leave the map; this cannot be undone.
          </p>
          <div className="data-actions">
            <button
              type="button"
              className="pm-button pm-button--danger"
              disabled={busy}
              // The dialog's first control: the keyboard is where the question is.
              autoFocus
              onClick={() => void act(remove).then(() => setConfirming(false))}
            >
              Yes, Remove
            </button>
            <button type="button" className="pm-button pm-button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="data-error" role="alert">
          {error}
        </p>
      )}
      <div className="data-scroll data-scroll--wide" tabIndex={0} role="region" aria-label={`Versions of ${name}`}>
        {children}
      </div>
    </article>
  );
}

/** Whether a version older than the current one is kept to roll back to. */
export function canRollBackOf(versions: { version: number; current: boolean }[]): boolean {
  const current = versions.find((version) => version.current);
  return !!current && versions.some((version) => version.version < current.version);
}

/** The versions of every data set or overlay, newest first, grouped by name in the order the API gives them. */
export function byName<V extends { name: string; version: number }>(versions: V[]): [string, V[]][] {
  const groups = new Map<string, V[]>();
  for (const version of versions) groups.set(version.name, [...(groups.get(version.name) ?? []), version]);
  return [...groups.entries()].map(([name, list]) => [name, [...list].sort((a, b) => b.version - a.version)]);
}

/** What every kept version of a data set or an overlay says of itself. */
export interface KeptVersion {
  version: number;
  current: boolean;
  rejected: number;
  source: string;
  licence?: string | null;
  publishedAt: string;
}

/** A column of a versions' table: its heading and what a version shows under it. */
export interface VersionColumn<V> {
  heading: string;
  cell(version: V): ReactNode;
  /** The cells' class: 'data-nowrap' for short values that must not break, 'data-source' for the source. */
  className?: string;
}

/** The columns every versions' table has, to place among a kind's own. */
export const VERSION_COLUMNS = {
  rejected: { heading: 'Rejected', cell: (version: KeptVersion) => number.format(version.rejected) },
  source: {
    heading: 'Source',
    className: 'data-source',
    cell: (version: KeptVersion) => (
      <>
        {version.source}
        {version.licence && <span className="data-muted"> · {version.licence}</span>}
      </>
    ),
  },
  published: { heading: 'Published', cell: (version: KeptVersion) => dateTime.format(new Date(version.publishedAt)) },
} satisfies Record<string, VersionColumn<KeptVersion>>;

/** The versions' table: the number with a 'current' badge (that row marked), then the columns given. */
export function VersionTable<V extends KeptVersion>({ versions, columns }: { versions: V[]; columns: VersionColumn<V>[] }) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Version</th>
          {columns.map((column) => (
            <th key={column.heading} scope="col">
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => (
          <tr key={version.version} className={version.current ? 'data-table__current' : undefined} aria-current={version.current ? 'true' : undefined}>
            <td>
              {version.version}
              {version.current && <span className="data-badge">current</span>}
            </td>
            {columns.map((column) => (
              <td key={column.heading} className={column.className}>
                {column.cell(version)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
