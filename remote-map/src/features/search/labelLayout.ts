// Where each address label goes on a sheet and how its text fits: the Avery sheets a letter goes out
// on, and the lines of a label wrapped at word breaks, then set smaller until all of them fit — an
// addressee cut short is no address. Text widths come from the caller (the PDF's Helvetica), so the
// printed page and the PDF lay out alike.

/** An Avery sheet on US Letter (8.5" × 11"); lengths in inches. */
export interface LabelTemplate {
  id: '5160' | '5161' | '5163';
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  /** From the sheet's top edge to the first row's. */
  topMargin: number;
  /** From the sheet's left edge to the first column's. */
  sideMargin: number;
  /** From one column's left edge to the next one's. */
  columnPitch: number;
  /** From one row's top edge to the next one's. */
  rowPitch: number;
}

export const SHEET_WIDTH_IN = 8.5;
export const SHEET_HEIGHT_IN = 11;

export const LABEL_TEMPLATES: readonly LabelTemplate[] = [
  { id: '5160', columns: 3, rows: 10, labelWidth: 2.625, labelHeight: 1, topMargin: 0.5, sideMargin: 0.1875, columnPitch: 2.75, rowPitch: 1 },
  { id: '5161', columns: 2, rows: 10, labelWidth: 4, labelHeight: 1, topMargin: 0.5, sideMargin: 0.15625, columnPitch: 4.1875, rowPitch: 1 },
  { id: '5163', columns: 2, rows: 5, labelWidth: 4, labelHeight: 2, topMargin: 0.5, sideMargin: 0.15625, columnPitch: 4.1875, rowPitch: 2 },
];

export const labelsPerSheet = (template: LabelTemplate) => template.columns * template.rows;

/** The label's printable box: clear of the die-cut edge, which a printer does not hit exactly. */
export const LABEL_PADDING_X_IN = 0.15;
const PADDING_Y_IN = 0.08;
export const POINTS_PER_INCH = 72;
/** Line height as a share of the type size. */
export const LINE_HEIGHT = 1.15;
const LARGEST_PT = 11;
/** Smaller than this is unreadable on a letter; a label that needs it is set smaller still, not cut. */
const SMALLEST_PT = 4;
const STEP_PT = 0.25;

/** The width in points of `text` set at `size` points. */
export type TextWidth = (text: string, size: number) => number;

export interface FittedLabel {
  /** Type size in points. */
  size: number;
  lines: string[];
}

/** Where a label's top-left corner is on its sheet, in inches from the sheet's top-left. */
export function labelPosition(template: LabelTemplate, indexOnSheet: number): { left: number; top: number } {
  const column = indexOnSheet % template.columns;
  const row = Math.floor(indexOnSheet / template.columns);
  return { left: template.sideMargin + column * template.columnPitch, top: template.topMargin + row * template.rowPitch };
}

/** A word wider than the line, in pieces that each fit (it is broken, not cut). */
function pieces(word: string, width: number, size: number, widthOf: TextWidth): string[] {
  const parts: string[] = [];
  let part = '';
  for (const character of word) {
    if (part && widthOf(part + character, size) > width) {
      parts.push(part);
      part = '';
    }
    part += character;
  }
  return part ? [...parts, part] : parts;
}

/** One line of the address wrapped at spaces into lines no wider than `width`. */
function wrapLine(text: string, width: number, size: number, widthOf: TextWidth): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean).flatMap((word) => pieces(word, width, size, widthOf))) {
    const joined = line ? `${line} ${word}` : word;
    if (line && widthOf(joined, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = joined;
    }
  }
  return line ? [...lines, line] : lines;
}

/**
 * The address's lines on a label of the template: at the largest size at which every word is on the
 * label, wrapped where it needs to be. Nothing is ever left out: below the smallest readable size the
 * smallest is kept, every line still there.
 */
export function fitLabel(address: readonly string[], template: LabelTemplate, widthOf: TextWidth): FittedLabel {
  const width = (template.labelWidth - 2 * LABEL_PADDING_X_IN) * POINTS_PER_INCH;
  const height = (template.labelHeight - 2 * PADDING_Y_IN) * POINTS_PER_INCH;
  const lay = (size: number): FittedLabel => ({ size, lines: address.filter(Boolean).flatMap((line) => wrapLine(line, width, size, widthOf)) });
  for (let size = LARGEST_PT; size > SMALLEST_PT; size -= STEP_PT) {
    const laid = lay(size);
    if (laid.lines.length * size * LINE_HEIGHT <= height) return laid;
  }
  return lay(SMALLEST_PT);
}
