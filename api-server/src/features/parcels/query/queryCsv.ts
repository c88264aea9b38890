// The CSV lines of a whole query list, by the rules of the front ends' CSV writer
// (shared/src/files/csvFile.ts: RFC 4180, CRLF, the formula guard), which the API cannot import: that
// module also hands files to the browser's downloads, and the API is type-checked without the DOM.
// Keep the two alike; queryCsv.test.ts holds the cases csvFile.test.ts does.

// Where a spreadsheet may start a cell inside our field, and the formula characters there (csvFile.ts).
const CELL_STARTING_FORMULA = /(^|[,;\t\r\n])(?=[\t\r]|\s*[=+\-@＝＋－＠])/gu;
const NEEDS_QUOTES = /[",;\t\r\n]/;
/** Text without any of the characters either rule looks for is written as it is: most of a list's cells. */
const PLAIN = /^[^",;\t\r\n=+\-@＝＋－＠]*$/u;

type CsvCell = string | number | boolean | null | undefined;

/** One CSV field: formulas guarded with the apostrophe text prefix, quoted where needed, numbers as numbers. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (PLAIN.test(value)) return value;
  const guarded = value.replace(CELL_STARTING_FORMULA, "$1'");
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One line of the CSV, its line break included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',') + '\r\n';
}
