// The pieces every import report is made of (parcels: ImportReport.tsx, overlays: OverlayReport.tsx),
// so that both read and look the same; the change list (ChangeList.tsx) shows its page in the same table.
import type { ReactNode } from 'react';

export function Refusal({ refusal }: { refusal: string | null }) {
  if (!refusal) return null;
  return (
    <p className="data-error" role="alert">
      Not publishable: {refusal}
    </p>
  );
}

/** One labelled value of the report's counts (inside `<dl className="data-counts">`); `wide` spans two columns. */
export function Count({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'data-counts__wide' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The rejected features, one row each, under the given column headings; or that none was. */
export function Rejections({ columns, rows }: { columns: readonly string[]; rows: ListTableRow[] }) {
  return (
    <>
      <h3>Rejections</h3>
      {rows.length === 0 ? <p className="data-muted">No feature was rejected.</p> : <ListTable label="Rejections" columns={columns} rows={rows} />}
    </>
  );
}

type ListTableRow = { key: string | number; cells: ReactNode[] };

/** Rows under column headings in a region of their own that scrolls; the `noWrap` columns stay on one line. */
export function ListTable<Column extends string>({ label, columns, rows, noWrap = [] }: { label: string; columns: readonly Column[]; rows: ListTableRow[]; noWrap?: readonly Column[] }) {
  return (
    // Focusable so that the keyboard can scroll it.
    <div className="data-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={columns[index]} className={noWrap.includes(columns[index]!) ? 'data-nowrap' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
