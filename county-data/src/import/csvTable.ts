// A CSV attribute table (RFC 4180: quoted fields, doubled quotes, CRLF) indexed by a key column for
// the importer's join; one key may have several rows, and the join's pick rule chooses one.
import { parseCsvRecords } from '@parcel-map/shared/files/csv';
import { parseDate, type DateFormat } from './importMapping.ts';

export type CsvRow = Record<string, string>;

export function parseCsv(text: string): CsvRow[] {
  const records = parseCsvRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const header = records.shift();
  if (!header) return [];
  return records
    .filter((record) => !(record.length === 1 && record[0] === ''))
    .map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])));
}

export interface JoinRule {
  csvKey: string;
  pick: 'first' | 'latest';
  latestBy?: string | undefined;
  latestByFormat: DateFormat;
}

export interface JoinIndex {
  /** The chosen row for a key, or undefined when the table has none. */
  get(key: string): CsvRow | undefined;
  /** How many keys had more than one row. */
  keysWithSeveralRows: number;
  rows: number;
}

export function indexCsv(rows: readonly CsvRow[], rule: JoinRule): JoinIndex {
  const chosen = new Map<string, { row: CsvRow; date: string | undefined; count: number }>();
  for (const row of rows) {
    const key = (row[rule.csvKey] ?? '').trim();
    if (key === '') continue;
    const date = rule.pick === 'latest' && rule.latestBy ? parseDate(row[rule.latestBy], rule.latestByFormat) : undefined;
    const existing = chosen.get(key);
    if (!existing) {
      chosen.set(key, { row, date, count: 1 });
      continue;
    }
    existing.count += 1;
    // ISO dates compare as strings; a row without a date never replaces one (ties keep file order).
    if (rule.pick === 'latest' && date !== undefined && (existing.date === undefined || date > existing.date)) {
      existing.row = row;
      existing.date = date;
    }
  }
  let keysWithSeveralRows = 0;
  for (const entry of chosen.values()) if (entry.count > 1) keysWithSeveralRows += 1;
  return { get: (key) => chosen.get(key.trim())?.row, keysWithSeveralRows, rows: rows.length };
}
