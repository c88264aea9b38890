// A whole list of parcels as CSV lines — an attribute query's result or a nearby list, every parcel of
// it in the list's order: the header, the rows read a chunk at a time, and the count line last
// (QUERY_CSV_COUNT_LINE), which a file cut short lacks.
import { QUERY_CSV_COLUMNS, queryCsvCountLine, type ParcelAttributeField } from '@parcel-map/shared/contracts';
import { csvLine, type CsvCell } from '@parcel-map/shared/files/csv';
import { eventLoopSlices } from '../../../platform/runtime/eventLoopSlices.ts';
import type { CsvRecord } from './wholeListRepository.ts';

/**
 * Rows read per statement while a whole list is written: ~300 KB of JSON, parsed in a few ms of the
 * API's thread (5,000 rows' 1.5 MB held it ~20 ms at a time, twenty lists' worth in turn), and a
 * short turn at the gate for the other lists and queries waiting there.
 */
export const CSV_ROWS_PER_READ = 1_000;

/** The list was cut: a parcel it held is no longer served (a publish or rollback while it was written). */
class ListChangedError extends Error {
  constructor() {
    super('the parcels served changed while the list was written');
    this.name = 'ListChangedError';
  }
}

export interface WholeList {
  /** The listed parcels' feature ids, in the list's order. */
  fids: readonly number[] | Int32Array;
  /** The shown attributes, a column each after the record's (a label that is also one of those stays out). */
  attributes: readonly ParcelAttributeField[];
  /** Reads these parcels' rows in the order given (a turn at the caller's gate). */
  read: (fids: readonly number[]) => Promise<CsvRecord[]>;
  /** Columns of the list's own after the record's (a nearby list's distance), and the cells of the row at `index`. */
  extra?: { columns: readonly string[]; cells: (index: number) => readonly CsvCell[] };
}

/**
 * The lines. What goes wrong while they are written (the database, ListChangedError) is thrown from
 * them, so the file then lacks its count line.
 */
export async function* wholeListCsv({ fids, attributes, read, extra }: WholeList): AsyncGenerator<string> {
  const fixed: readonly string[] = QUERY_CSV_COLUMNS;
  const shown = attributes.filter((attribute) => !fixed.includes(attribute.label) && !extra?.columns.includes(attribute.label));
  const readChunk = (start: number) => {
    const chunk = Array.from(fids.slice(start, start + CSV_ROWS_PER_READ));
    const records = read(chunk).then((rows) => {
      if (rows.length !== chunk.length) throw new ListChangedError();
      return rows;
    });
    // Read ahead while the lines before are written; left unread when the client goes.
    records.catch(() => undefined);
    return records;
  };
  yield '\uFEFF' + csvLine([...QUERY_CSV_COLUMNS, ...(extra?.columns ?? []), ...shown.map((attribute) => attribute.label)]);
  const slices = eventLoopSlices();
  let next = fids.length > 0 ? readChunk(0) : undefined;
  for (let start = 0; next; start += CSV_ROWS_PER_READ) {
    const records = await next;
    // The next chunk is read (on PGlite's thread, or PostgreSQL's) while this one is formatted.
    next = start + CSV_ROWS_PER_READ < fids.length ? readChunk(start + CSV_ROWS_PER_READ) : undefined;
    // Formatted in slices of the event loop: other users' requests are answered between them.
    let lines = '';
    for (const [index, [cells, values]] of records.entries()) {
      lines += csvLine([...cells, ...(extra?.cells(start + index) ?? []), ...shown.map((attribute) => values?.[attribute.key])]);
      if (slices.spent) {
        yield lines;
        lines = '';
        await slices.next();
      }
    }
    if (lines) yield lines;
  }
  yield queryCsvCountLine(fids.length);
}
