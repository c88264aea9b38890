// CSV files a user takes to a spreadsheet (RFC 4180, CRLF, UTF-8 byte-order mark), guarded against
// formula injection, and handing a file to the browser's downloads: the search results, the nearby
// mailing list and the saved-parcel exports all write theirs with these.

// Where a spreadsheet may start a cell inside our field: at its start, or after a character some
// locale splits rows on (a semicolon-locale spreadsheet opens `X;=2+5` as the cells `X` and `=2+5`)
// or a line break. There, a formula character (OWASP's list, and the full-width forms some CJK
// locales read as them) after any spaces, a no-break space included, or a tab or carriage return
// (OWASP) gets the apostrophe text prefix.
const CELL_STARTING_FORMULA = /(^|[,;\t\r\n])(?=[\t\r]|\s*[=+\-@＝＋－＠])/gu;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV field: every place a spreadsheet could start a formula gets an apostrophe (the text
 * prefix), then the field is quoted when it holds a quote, a separator of any locale or a line break.
 * Numbers as numbers.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const guarded = value.replace(CELL_STARTING_FORMULA, "$1'");
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** name-2025-01-31.csv: the local date of the export. */
export function datedFileName(name: string, extension: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}

/** Hands a file to the browser's download machinery. */
export function downloadFile(fileName: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
