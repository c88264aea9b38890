// CSV files a user takes to a spreadsheet (RFC 4180, CRLF, UTF-8 byte-order mark), guarded against
// formula injection: the search results, the nearby mailing list and the saved-parcel exports in the
// browser, and the API's whole lists, all write theirs with these; and the one reader of CSV, which
// the importer reads county tables with and the map reads the API's whole lists with (mailing
// labels). No DOM here: the API imports it (`@parcel-map/shared/files/csv`); handing a file to the
// browser is downloadFile.ts's.

// Where a spreadsheet may start a cell inside our field: at its start, or after a character some
// locale splits rows on (a semicolon-locale spreadsheet opens `X;=2+5` as the cells `X` and `=2+5`)
// or a line break. There, a formula character (OWASP's list, and the full-width forms some CJK
// locales read as them) after any spaces, a no-break space included, or a tab or carriage return
// (OWASP) gets the apostrophe text prefix.
const CELL_STARTING_FORMULA = /(^|[,;\t\r\n])(?=[\t\r]|\s*[=+\-@＝＋－＠])/gu;
const NEEDS_QUOTES = /[",;\t\r\n]/;
/** Text without any of the characters either rule looks for is written as it is: most of a list's cells. */
const PLAIN = /^[^",;\t\r\n=+\-@＝＋－＠]*$/u;

export type CsvCell = string | number | boolean | null | undefined;

/**
 * One CSV field: every place a spreadsheet could start a formula gets an apostrophe (the text
 * prefix), then the field is quoted when it holds a quote, a separator of any locale or a line break.
 * Numbers and booleans as they are.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (PLAIN.test(value)) return value;
  const guarded = value.replace(CELL_STARTING_FORMULA, "$1'");
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One line of a CSV, its line break included: what a file streamed a row at a time writes. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}

/** A whole CSV file: the byte-order mark (spreadsheets read UTF-8 by it), the header, the rows. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return '\uFEFF' + [header, ...rows].map(csvLine).join('');
}

/** name-2025-01-31.csv: the local date of the export. */
export function datedFileName(name: string, extension: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}

/** A CSV's records as they stand (RFC 4180: quoted fields, doubled quotes, CR, LF or CRLF between records). */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
