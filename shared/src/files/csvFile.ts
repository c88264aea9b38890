// CSV files a user takes to a spreadsheet (RFC 4180, CRLF, UTF-8 byte-order mark), guarded against
// formula injection, and handing a file to the browser's downloads: the search results, the nearby
// mailing list and the saved-parcel exports all write theirs with these.

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a quote, comma or line break; text a spreadsheet would read as a formula gets a leading apostrophe. Numbers as numbers. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
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
