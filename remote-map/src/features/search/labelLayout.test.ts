import { PDFDocument } from 'pdf-lib';
import { fitLabel, LABEL_PADDING_X_IN, LABEL_TEMPLATES, labelPosition, labelsPerSheet, LINE_HEIGHT, POINTS_PER_INCH, SHEET_HEIGHT_IN, SHEET_WIDTH_IN, type TextWidth } from './labelLayout.ts';
import { helveticaWidths, labelsPdf } from './labelsPdf.ts';

const template = (id: string) => LABEL_TEMPLATES.find((candidate) => candidate.id === id)!;
const LONG_OWNER = 'SOUTHERN PINES PROPERTIES OF MOORESVILLE LIMITED LIABILITY COMPANY';
const address = [LONG_OWNER, 'OR CURRENT RESIDENT', '1234 BROOKGREEN CROSSING DR', 'MOORESVILLE, NC 28117-8402'];
const wordsOf = (lines: readonly string[]) => lines.join(' ').split(/\s+/);

let widthOf: TextWidth;
beforeAll(async () => {
  widthOf = await helveticaWidths();
});

describe('Avery label sheets', () => {
  it.each([
    ['5160', 30, 2.625, 1],
    ['5161', 20, 4, 1],
    ['5163', 10, 4, 2],
  ])('Avery %s: %i labels of %f" × %f", centred on US Letter with half-inch top and bottom margins', (id, perSheet, width, height) => {
    const sheet = template(id);
    expect(labelsPerSheet(sheet)).toBe(perSheet);
    expect([sheet.labelWidth, sheet.labelHeight]).toEqual([width, height]);
    const last = labelPosition(sheet, perSheet - 1);
    expect(SHEET_WIDTH_IN - (last.left + sheet.labelWidth)).toBeCloseTo(sheet.sideMargin, 6);
    expect(SHEET_HEIGHT_IN - (last.top + sheet.labelHeight)).toBeCloseTo(0.5, 6);
    expect(labelPosition(sheet, 0)).toEqual({ left: sheet.sideMargin, top: 0.5 });
  });

  it('places Avery 5160 labels 2¾" apart across and 1" down', () => {
    expect(labelPosition(template('5160'), 4)).toEqual({ left: 0.1875 + 2.75, top: 1.5 });
  });
});

describe('fitLabel', () => {
  it.each(LABEL_TEMPLATES.map((sheet) => [sheet.id, sheet] as const))('never cuts a long owner name on Avery %s: it wraps, then shrinks until every line fits', (_id, sheet) => {
    const fitted = fitLabel(address, sheet, widthOf);
    expect(wordsOf(fitted.lines)).toEqual(wordsOf(address));
    const width = (sheet.labelWidth - 2 * LABEL_PADDING_X_IN) * POINTS_PER_INCH;
    for (const line of fitted.lines) expect(widthOf(line, fitted.size)).toBeLessThanOrEqual(width);
    expect(fitted.lines.length * fitted.size * LINE_HEIGHT).toBeLessThanOrEqual(sheet.labelHeight * POINTS_PER_INCH);
  });

  it('wraps the long name onto more lines than the address has, and sets it smaller on the narrow label', () => {
    const narrow = fitLabel(address, template('5160'), widthOf);
    const wide = fitLabel(address, template('5163'), widthOf);
    expect(narrow.lines.length).toBeGreaterThan(address.length);
    expect(narrow.size).toBeLessThan(wide.size);
    expect(narrow.size).toBeGreaterThanOrEqual(6);
  });

  it('keeps a short address on its own lines at full size', () => {
    expect(fitLabel(['REID STEVEN M', '132 SADDLE LN', 'MOORESVILLE, NC 28115'], template('5160'), widthOf)).toEqual({
      size: 11,
      lines: ['REID STEVEN M', '132 SADDLE LN', 'MOORESVILLE, NC 28115'],
    });
  });

  it('breaks a word wider than the label into pieces rather than cutting it', () => {
    const word = 'X'.repeat(80);
    const fitted = fitLabel([word], template('5160'), widthOf);
    expect(fitted.lines.join('')).toBe(word);
    expect(fitted.lines.length).toBeGreaterThan(1);
  });
});

describe('labelsPdf', () => {
  it('writes the labels on US Letter pages, a sheet of the template to a page', async () => {
    const sheet = template('5161');
    const label = fitLabel(address, sheet, widthOf);
    const pdf = await PDFDocument.load(await labelsPdf(Array.from({ length: 41 }, () => label), sheet));
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });
});
