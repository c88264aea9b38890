// One row of the benchmark table: a figure, the budget or baseline ratio it is judged against, and
// whether it passed. Rows without a budget are reported only (pass = null).
export interface BenchRow {
  section: string;
  name: string;
  value: number | null;
  unit: string;
  /** The budget as text, e.g. '≤ 10 ms' or '≥ 0.8 × raw node:http'. */
  target: string;
  pass: boolean | null;
  detail?: string;
}

export const atMost = (section: string, name: string, value: number, unit: string, budget: number, detail?: string): BenchRow => ({
  section,
  name,
  value,
  unit,
  target: `≤ ${budget} ${unit}`.trim(),
  pass: value <= budget,
  detail,
});

export const atLeast = (section: string, name: string, value: number, unit: string, budget: number, detail?: string): BenchRow => ({
  section,
  name,
  value,
  unit,
  target: `≥ ${budget} ${unit}`.trim(),
  pass: value >= budget,
  detail,
});

/** A measured / baseline ratio, both taken in the same run; passes at `minRatio` or above. */
export function ratioRow(section: string, name: string, ratio: number, minRatio: number, baselineName: string, detail?: string): BenchRow {
  const value = round(ratio, 2);
  return { section, name, value, unit: '×', target: `≥ ${minRatio} × ${baselineName}`, pass: value >= minRatio, detail };
}

/** A figure the issue asks to report, with no budget of its own. */
export const reported = (section: string, name: string, value: number, unit: string, detail?: string): BenchRow => ({
  section,
  name,
  value,
  unit,
  target: 'reported',
  pass: null,
  detail,
});

export const check = (section: string, name: string, pass: boolean, detail: string): BenchRow => ({
  section,
  name,
  value: null,
  unit: '',
  target: 'yes',
  pass,
  detail,
});

export const failedRow = (section: string, name: string, error: unknown): BenchRow => ({
  section,
  name,
  value: null,
  unit: '',
  target: 'runs',
  pass: false,
  detail: error instanceof Error ? error.message.split('\n')[0] : String(error),
});

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const verdict = (pass: boolean | null) => (pass === null ? 'info' : pass ? 'PASS' : 'FAIL');

/** The table printed at the end of `npm run bench`. */
export function formatTable(rows: BenchRow[]): string {
  const cells = rows.map((row) => [
    row.section,
    row.name,
    row.value === null ? '—' : `${row.value.toLocaleString('en-US')} ${row.unit}`.trim(),
    row.target,
    verdict(row.pass),
    row.detail ?? '',
  ]);
  const header = ['section', 'measure', 'value', 'target', 'result', 'detail'];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => values.map((value, i) => (i === values.length - 1 ? value : value.padEnd(widths[i]!))).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
