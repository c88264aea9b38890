// Mailing labels as a PDF: each sheet a US Letter page, each label's lines where labelLayout put them,
// in Helvetica — the font whose widths laid them out, for the PDF and the printed page alike.
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { LABEL_PADDING_X_IN, labelPosition, LINE_HEIGHT, POINTS_PER_INCH, SHEET_HEIGHT_IN, SHEET_WIDTH_IN, type FittedLabel, type LabelTemplate, type TextWidth } from './labelLayout.ts';

/** The characters Helvetica's encoding (WinAnsi) has; any other is written as '?' rather than failing the sheet. */
function encodable(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  return (text) => [...text].map((character) => (known.has(character.codePointAt(0)!) ? character : '?')).join('');
}

async function helvetica() {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  return { document, font };
}

/** Helvetica's widths, for laying labels out. */
export async function helveticaWidths(): Promise<TextWidth> {
  const { font } = await helvetica();
  const text = encodable(font);
  return (line, size) => font.widthOfTextAtSize(text(line), size);
}

/** The labels, in order, on as many sheets of the template as they need. */
export async function labelsPdf(labels: readonly FittedLabel[], template: LabelTemplate): Promise<Uint8Array<ArrayBuffer>> {
  const { document, font } = await helvetica();
  const text = encodable(font);
  const perSheet = template.columns * template.rows;
  const labelHeight = template.labelHeight * POINTS_PER_INCH;
  let page = document.addPage([SHEET_WIDTH_IN * POINTS_PER_INCH, SHEET_HEIGHT_IN * POINTS_PER_INCH]);
  labels.forEach((label, index) => {
    if (index > 0 && index % perSheet === 0) page = document.addPage([SHEET_WIDTH_IN * POINTS_PER_INCH, SHEET_HEIGHT_IN * POINTS_PER_INCH]);
    const { left, top } = labelPosition(template, index % perSheet);
    const lineHeight = label.size * LINE_HEIGHT;
    // Centred in the label's height, as the printed page centres them; PDF y runs up from the sheet's foot.
    const firstBaseline = (SHEET_HEIGHT_IN - top) * POINTS_PER_INCH - (labelHeight - label.lines.length * lineHeight) / 2 - label.size;
    label.lines.forEach((line, n) => {
      page.drawText(text(line), { x: (left + LABEL_PADDING_X_IN) * POINTS_PER_INCH, y: firstBaseline - n * lineHeight, size: label.size, font });
    });
  });
  return new Uint8Array(await document.save());
}
