// Writes the printed sheet as a PDF: the map picture at its scale in the map frame, a north arrow,
// a scale bar with the scale in words, and the title block (title, details, legend, notice).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Rect, SheetLayout } from './printLayout.ts';
import { CSS_PX_PER_INCH, scaleBar } from './printScale.ts';

const PT_PER_INCH = 72;
const pt = (inches: number) => inches * PT_PER_INCH;

/** One line of the legend: a layer drawn on the map, its colour when it has one, and who it is owed to. */
export interface LegendRow {
  label: string;
  colour: string | null;
  credit: string | null;
}

export interface PrintSheet {
  layout: SheetLayout;
  /** The map picture (a PNG data URL) of a frame drawn `widthPx` × `heightPx` CSS pixels at `feetPerInch`. */
  map: { png: string; widthPx: number; heightPx: number; feetPerInch: number };
  /** The scale in words, e.g. '1" = 100\' (1:1,200)'. */
  scaleLabel: string;
  title: string;
  details: string[];
  legend: LegendRow[];
  notice: string;
}

/** The map picture's place: the top of the frame, as many inches as it has CSS pixels at 96 to the inch. */
export function mapPicturePlacement(sheet: Pick<PrintSheet, 'layout' | 'map'>): Rect {
  const width = sheet.map.widthPx / CSS_PX_PER_INCH;
  const height = sheet.map.heightPx / CSS_PX_PER_INCH;
  const frame = sheet.layout.map;
  return { x: frame.x, y: frame.y + frame.height - height, width, height };
}

const INSET_IN = 0.12;
const BAR_HEIGHT_IN = 0.08;
const BAR_MAX_IN = 2;

/** The scale bar's left end (inches from the sheet's bottom-left), its length and what it measures. */
export function scaleBarPlacement(sheet: Pick<PrintSheet, 'layout' | 'map'>) {
  const picture = mapPicturePlacement(sheet);
  const bar = scaleBar(sheet.map.feetPerInch, BAR_MAX_IN);
  return { x: picture.x + INSET_IN + 0.1, y: picture.y + INSET_IN + 0.32, ...bar };
}

const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);
const GREY = rgb(0.35, 0.35, 0.35);

function colourOf(css: string | null): RGB | null {
  const hex = css && /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (!hex) return null;
  const value = Number.parseInt(hex[1]!, 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** The standard PDF fonts encode WinAnsi only: a character they cannot draw becomes '?'. */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, ' '), (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Words wrapped to lines no wider than `width` points; a word longer than a line is cut where it must be. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function drawNorthArrow(page: PDFPage, fonts: Fonts, picture: Rect) {
  const width = 0.45;
  const height = 0.7;
  const x = picture.x + picture.width - INSET_IN - width;
  const y = picture.y + picture.height - INSET_IN - height;
  page.drawRectangle({ x: pt(x), y: pt(y), width: pt(width), height: pt(height), color: WHITE, opacity: 0.85, borderColor: BLACK, borderWidth: 0.5 });
  const centre = x + width / 2;
  // An SVG path's y runs down from its origin: the origin is the arrow's tip, under the N.
  const tip = { x: pt(centre), y: pt(y + 0.44) };
  page.drawSvgPath(`M 0 0 L ${pt(0.12)} ${pt(0.34)} L 0 ${pt(0.26)} Z`, { ...tip, color: BLACK });
  page.drawSvgPath(`M 0 0 L ${-pt(0.12)} ${pt(0.34)} L 0 ${pt(0.26)} Z`, { ...tip, borderColor: BLACK, borderWidth: 0.75, color: WHITE });
  const label = 'N';
  page.drawText(label, { x: pt(centre) - fonts.bold.widthOfTextAtSize(label, 11) / 2, y: pt(y + height - 0.2), size: 11, font: fonts.bold });
}

function drawScaleBar(page: PDFPage, fonts: Fonts, sheet: PrintSheet) {
  const bar = scaleBarPlacement(sheet);
  const picture = mapPicturePlacement(sheet);
  const size = 8;
  const boxWidth = Math.max(bar.inches + 0.7, fonts.regular.widthOfTextAtSize(drawable(fonts.regular, sheet.scaleLabel), size) / PT_PER_INCH + 0.2);
  page.drawRectangle({ x: pt(picture.x + INSET_IN), y: pt(picture.y + INSET_IN), width: pt(boxWidth), height: pt(0.62), color: WHITE, opacity: 0.85, borderColor: BLACK, borderWidth: 0.5 });
  // Four segments, black and white in turn, with the bar's two ends labelled.
  const segment = bar.inches / 4;
  for (let index = 0; index < 4; index += 1) {
    page.drawRectangle({
      x: pt(bar.x + index * segment),
      y: pt(bar.y),
      width: pt(segment),
      height: pt(BAR_HEIGHT_IN),
      color: index % 2 === 0 ? BLACK : WHITE,
      borderColor: BLACK,
      borderWidth: 0.5,
    });
  }
  page.drawText('0', { x: pt(bar.x) - 2, y: pt(bar.y + BAR_HEIGHT_IN + 0.05), size, font: fonts.regular });
  page.drawText(bar.label, { x: pt(bar.x + bar.inches) - fonts.regular.widthOfTextAtSize(bar.label, size) / 2, y: pt(bar.y + BAR_HEIGHT_IN + 0.05), size, font: fonts.regular });
  page.drawText(drawable(fonts.regular, sheet.scaleLabel), { x: pt(picture.x + INSET_IN + 0.1), y: pt(bar.y - 0.2), size, font: fonts.regular });
}

/** Text flowing down the title block's columns; what does not fit ends with '…'. */
function createTextFlow(page: PDFPage, block: Rect, columns: number, bottomReserve: number) {
  const padding = 0.12;
  const gap = 0.2;
  const columnWidth = (block.width - 2 * padding - (columns - 1) * gap) / columns;
  let column = 0;
  let y = block.y + block.height - padding;
  let full = false;
  const bottom = block.y + padding + bottomReserve;
  const columnX = () => block.x + padding + column * (columnWidth + gap);
  /** Room for `height` inches, moving to the next column if need be; false once the block is full. */
  const room = (height: number) => {
    if (full) return false;
    if (y - height >= bottom) return true;
    if (column + 1 >= columns) {
      full = true;
      return false;
    }
    column += 1;
    y = block.y + block.height - padding;
    return y - height >= bottom;
  };
  return {
    widthIn: columnWidth,
    paragraph(font: PDFFont, size: number, text: string, options: { colour?: RGB; indent?: number; after?: number } = {}) {
      const indent = options.indent ?? 0;
      const lineIn = (size * 1.25) / PT_PER_INCH;
      for (const line of wrap(font, size, text, pt(columnWidth - indent))) {
        if (!room(lineIn)) return null;
        y -= lineIn;
        page.drawText(line, { x: pt(columnX() + indent), y: pt(y) + size * 0.2, size, font, color: options.colour ?? BLACK });
      }
      y -= options.after ?? 0.06;
      return { x: columnX(), top: y };
    },
    /** The rest goes in the next column, if there is one. */
    nextColumn() {
      if (column + 1 >= columns) return;
      column += 1;
      y = block.y + block.height - padding;
    },
    swatch(colour: RGB, size: number) {
      const lineIn = (size * 1.25) / PT_PER_INCH;
      if (!room(lineIn)) return;
      page.drawRectangle({ x: pt(columnX()), y: pt(y - lineIn) + 2, width: size, height: size * 0.8, color: colour, borderColor: BLACK, borderWidth: 0.5 });
    },
  };
}

function drawTitleBlock(page: PDFPage, fonts: Fonts, sheet: PrintSheet) {
  const block = sheet.layout.titleBlock;
  page.drawRectangle({ x: pt(block.x), y: pt(block.y), width: pt(block.width), height: pt(block.height), borderColor: BLACK, borderWidth: 0.75 });
  // The notice is never crowded out: it sits at the foot of the block, across its whole width.
  const noticeSize = 7.5;
  const noticeLines = wrap(fonts.bold, noticeSize, sheet.notice, pt(block.width - 0.24));
  const noticeHeight = (noticeLines.length * noticeSize * 1.25) / PT_PER_INCH;
  noticeLines.forEach((line, index) => {
    page.drawText(line, { x: pt(block.x + 0.12), y: pt(block.y + 0.12 + noticeHeight) - (index + 1) * noticeSize * 1.25 + noticeSize * 0.2, size: noticeSize, font: fonts.bold });
  });

  const flow = createTextFlow(page, block, sheet.layout.titleColumns, noticeHeight + 0.08);
  flow.paragraph(fonts.bold, 13, sheet.title, { after: 0.08 });
  for (const detail of sheet.details) flow.paragraph(fonts.regular, 8, detail);
  flow.paragraph(fonts.regular, 8, `Scale ${sheet.scaleLabel}`, { after: 0.1 });
  if (sheet.legend.length === 0) return;
  // A band under a portrait map has the details on the left and the legend on the right.
  flow.nextColumn();
  flow.paragraph(fonts.bold, 9, 'Legend');
  for (const row of sheet.legend) {
    const colour = colourOf(row.colour);
    if (colour) flow.swatch(colour, 8);
    flow.paragraph(fonts.regular, 8, row.label, { indent: 0.18, after: row.credit ? 0 : 0.04 });
    if (row.credit) flow.paragraph(fonts.regular, 6.5, row.credit, { indent: 0.18, colour: GREY, after: 0.05 });
  }
}

/** The PDF's bytes. */
export async function writePrintPdf(sheet: PrintSheet): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(sheet.title);
  document.setCreator('Parcel Map');
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  const page = document.addPage([pt(sheet.layout.page.width), pt(sheet.layout.page.height)]);

  const picture = mapPicturePlacement(sheet);
  const image = await document.embedPng(sheet.map.png);
  page.drawImage(image, { x: pt(picture.x), y: pt(picture.y), width: pt(picture.width), height: pt(picture.height) });
  page.drawRectangle({ x: pt(picture.x), y: pt(picture.y), width: pt(picture.width), height: pt(picture.height), borderColor: BLACK, borderWidth: 0.75 });
  drawNorthArrow(page, fonts, picture);
  drawScaleBar(page, fonts, sheet);
  drawTitleBlock(page, fonts, sheet);
  return document.save();
}
