// Where things go on the printed sheet: the paper sizes, the map frame and the title block, in
// inches from the sheet's bottom-left corner (as PDF measures), and the frame's size in CSS pixels.
import { CSS_PX_PER_INCH } from './printScale.ts';

const MM_PER_INCH = 25.4;

export const PAPER_SIZES = {
  letter: { label: 'Letter (8.5 × 11 in)', widthIn: 8.5, heightIn: 11 },
  legal: { label: 'Legal (8.5 × 14 in)', widthIn: 8.5, heightIn: 14 },
  tabloid: { label: 'Tabloid (11 × 17 in)', widthIn: 11, heightIn: 17 },
  a4: { label: 'A4 (210 × 297 mm)', widthIn: 210 / MM_PER_INCH, heightIn: 297 / MM_PER_INCH },
  a3: { label: 'A3 (297 × 420 mm)', widthIn: 297 / MM_PER_INCH, heightIn: 420 / MM_PER_INCH },
} as const;

export type PaperId = keyof typeof PAPER_SIZES;
export type Orientation = 'portrait' | 'landscape';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetLayout {
  page: { width: number; height: number };
  map: Rect;
  /** The title block: a column beside the map on a landscape sheet, a band under it on a portrait one. */
  titleBlock: Rect;
  /** Columns the title block's text flows into. */
  titleColumns: number;
}

const MARGIN_IN = 0.4;
const GAP_IN = 0.2;
const SIDE_BLOCK_IN = 2.75;
const BOTTOM_BLOCK_IN = 2.3;

export function sheetLayout(paper: PaperId, orientation: Orientation): SheetLayout {
  const { widthIn, heightIn } = PAPER_SIZES[paper];
  const page = orientation === 'portrait' ? { width: widthIn, height: heightIn } : { width: heightIn, height: widthIn };
  const innerWidth = page.width - 2 * MARGIN_IN;
  const innerHeight = page.height - 2 * MARGIN_IN;
  if (orientation === 'landscape') {
    const mapWidth = innerWidth - SIDE_BLOCK_IN - GAP_IN;
    return {
      page,
      map: { x: MARGIN_IN, y: MARGIN_IN, width: mapWidth, height: innerHeight },
      titleBlock: { x: MARGIN_IN + mapWidth + GAP_IN, y: MARGIN_IN, width: SIDE_BLOCK_IN, height: innerHeight },
      titleColumns: 1,
    };
  }
  return {
    page,
    map: { x: MARGIN_IN, y: MARGIN_IN + BOTTOM_BLOCK_IN + GAP_IN, width: innerWidth, height: innerHeight - BOTTOM_BLOCK_IN - GAP_IN },
    titleBlock: { x: MARGIN_IN, y: MARGIN_IN, width: innerWidth, height: BOTTOM_BLOCK_IN },
    titleColumns: 2,
  };
}

/** The map frame's size in the CSS pixels the map is drawn at. */
export function framePixels(layout: SheetLayout): { widthPx: number; heightPx: number } {
  return { widthPx: Math.round(layout.map.width * CSS_PX_PER_INCH), heightPx: Math.round(layout.map.height * CSS_PX_PER_INCH) };
}
