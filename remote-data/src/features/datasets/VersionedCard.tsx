import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { failureMessage } from '../dataAdminApi.ts';
import { dateTime, number } from '../formats.ts';
import { ConfirmDialog, type Confirmation } from './ConfirmDialog.tsx';

/** Runs an administrator's action; a failure shows the API's message on the card. */
export type CardAction = (action: () => Promise<unknown>) => Promise<void>;

/**
 * A data set or an overlay with its kept versions (overlays are versioned, rolled back and removed
 * like data sets): its heading, Roll back and Remove (each asked first), and the versions' table,
 * where a version that is not served can be published again when the kind allows it.
 */
export function VersionedCard<V extends KeptVersion>({
  name,
  title,
  what,
  versions,
  columns,
  busy,
  rollback,
  republish,
  remove,
  actions,
  children,
}: {
  /** What the API knows it by; the buttons say it. */
  name: string;
  title: ReactNode;
  /** What leaves the map with it, for the confirmation: 'Its parcels', 'Its features'. */
  what: string;
  /** Newest first. */
  versions: V[];
  columns: VersionColumn<V>[];
  busy: boolean;
  rollback: () => Promise<unknown>;
  /** Serves a kept version that is not current again (roll forward); none: the kind cannot. */
  republish?: (version: number) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** More buttons before Roll back, with the card's error line. */
  actions?: (act: CardAction) => ReactNode;
  /** Shown under the versions' table (a version's change log). */
  children?: ReactNode;
}) {
  const headingId = useId();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const [answered, setAnswered] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The dialog gives the focus back to the button that asked; one the answer took away (Publish again
  // on the row now served) or disabled (Roll back with nothing left to roll back to) leaves it on the card.
  useEffect(() => {
    if (!answered || asking) return;
    setAnswered(false);
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, [answered, asking]);
  const current = versions.find((version) => version.current);
  const previous = current && versions.find((version) => version.version < current.version);

  const act: CardAction = async (action) => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(failureMessage(caught));
    }
  };

  // Whichever way it ends, the dialog closes: a refusal is said on the card, under its buttons.
  const confirm = (confirmation: Confirmation) =>
    void act(confirmation.run).then(() => {
      setAnswered(true);
      setAsking(null);
    });
  const kept = (version: number) => `Version ${version} is kept: it can be published again.`;

  const askRollback = () =>
    current &&
    previous &&
    setAsking({
      question: `Roll back ${name} to version ${previous.version}?`,
      consequence: `The map serves version ${previous.version} again instead of version ${current.version}. ${kept(current.version)}`,
      confirm: 'Yes, Roll back',
      run: rollback,
    });
  const askRepublish = (version: number) =>
    republish &&
    setAsking({
      question: `Publish version ${version} of ${name} again?`,
      consequence: `The map serves version ${version} instead of version ${current?.version ?? '—'}.${current ? ` ${kept(current.version)}` : ''}`,
      confirm: 'Yes, Publish again',
      run: () => republish(version),
    });
  const askRemove = () =>
    setAsking({
      question: `Remove ${name}?`,
      consequence: `${what} leave the map, and every kept version of ${name} is deleted; this cannot be undone.`,
      confirm: 'Yes, Remove',
      danger: true,
      run: remove,
    });

  const republishColumn: VersionColumn<V> | null = republish
    ? {
        heading: 'Publish',
        cell: (version) =>
          !version.current && (
            <button
              type="button"
              className="pm-button pm-button--secondary pm-button--small"
              disabled={busy}
              onClick={() => askRepublish(version.version)}
              aria-label={`Publish version ${version.version} of ${name} again`}
            >
              Publish again
            </button>
          ),
      }
    : null;

  return (
    <article className="data-dataset" aria-labelledby={headingId}>
      <header className="data-dataset__header">
        <h3 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <div className="data-actions">
          {actions?.(act)}
          <button
            type="button"
            className="pm-button pm-button--secondary"
            disabled={busy || !previous}
            title={previous ? undefined : 'No earlier version is kept'}
            onClick={askRollback}
            aria-label={`Roll back ${name}`}
          >
            Roll back
          </button>
          <button type="button" className="pm-button pm-button--danger-outline" disabled={busy} onClick={askRemove} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </header>
      {asking && <ConfirmDialog asking={asking} busy={busy} onConfirm={() => confirm(asking)} onCancel={() => setAsking(null)} />}
      {error && (
        <p className="data-error" role="alert">
          {error}
        </p>
      )}
      <div className="data-scroll data-scroll--wide" tabIndex={0} role="region" aria-label={`Versions of ${name}`}>
        <VersionTable versions={versions} columns={republishColumn ? [...columns, republishColumn] : columns} />
      </div>
      {children}
    </article>
  );
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
  /** The administrator's e-mail address, where the kind records it. */
  publishedBy?: string | null;
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
  published: {
    heading: 'Published',
    cell: (version: KeptVersion) => (
      <>
        <span className="data-nowrap">{dateTime.format(new Date(version.publishedAt))}</span>
        {version.publishedBy && <span className="data-muted data-cell__line">by {version.publishedBy}</span>}
      </>
    ),
  },
} satisfies Record<string, VersionColumn<KeptVersion>>;

/** The versions' table: the number with a 'current' badge (that row marked), then the columns given. */
function VersionTable<V extends KeptVersion>({ versions, columns }: { versions: V[]; columns: VersionColumn<V>[] }) {
  return (
    <table className="data-table data-table--versions">
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
            <td data-label="Version">
              <div className="data-cell">
                {version.version}
                {version.current && <span className="data-badge">current</span>}
              </div>
            </td>
            {columns.map((column) => (
              <td key={column.heading} className={column.className} data-label={column.heading}>
                {/* One box beside the label when a phone lays the row out as labelled lines. */}
                <div className="data-cell">{column.cell(version)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
