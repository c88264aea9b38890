// The PDF at its scale, measured as a printer would draw it: poppler's pdftoppm rasterises the sheet
// at a known DPI and the test counts the pixels of a 100 ft line and of the scale bar.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { framePixels, sheetLayout, type Orientation, type PaperId } from './printLayout.ts';
import { mapPicturePlacement, scaleBarPlacement, writePrintPdf, type PrintSheet } from './printPdf.ts';
import { zoomForScale } from './printScale.ts';

const RASTER_DPI = 300;
const LAT = 35.62;
const NOTICE = 'Not a survey: boundaries are approximate and not for legal or conveyancing use.';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A greyscale PNG as a data URL (as a canvas gives it), white but for the black pixels `black(x, y)` names. */
function png(width: number, height: number, black: (x: number, y: number) => boolean): string {
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width + 1)] = 0;
    for (let x = 0; x < width; x += 1) if (black(x, y)) rows[y * (width + 1) + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const bytes = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** The sheet rasterised by pdftoppm: grey levels, row by row from the top. */
function rasterise(pdf: Uint8Array) {
  const dir = mkdtempSync(path.join(tmpdir(), 'print-pdf-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(RASTER_DPI), '-gray', '-singlefile', path.join(dir, 'sheet.pdf'), path.join(dir, 'sheet')]);
    const pgm = readFileSync(path.join(dir, 'sheet.pgm'));
    const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
    const headerLength = pgm.length - Number(width) * Number(height);
    return { width: Number(width), height: Number(height), grey: (x: number, y: number) => pgm[headerLength + y * Number(width) + x]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The longest run of dark pixels along row `y` between `from` and `to` (raster pixels). */
function longestDarkRun(raster: ReturnType<typeof rasterise>, y: number, from: number, to: number): number {
  let longest = 0;
  let run = 0;
  for (let x = from; x < to; x += 1) {
    run = raster.grey(x, y) < 128 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** From the first dark pixel to the last along row `y` between `from` and `to`, both counted. */
function darkExtent(raster: ReturnType<typeof rasterise>, y: number, from: number, to: number): number {
  const dark = Array.from({ length: to - from }, (_, i) => from + i).filter((x) => raster.grey(x, y) < 128);
  return dark.length === 0 ? 0 : dark.at(-1)! - dark[0]! + 1;
}

/** Metres on the ground per CSS pixel of a 512 px web-mercator world (mapbox-gl's), stated apart from the code under test. */
const groundMetresPerPx = (lat: number, zoom: number) => (156_543.033_92 * Math.cos((lat * Math.PI) / 180)) / 2 ** (zoom + 1);

function sheetAt(paper: PaperId, orientation: Orientation, feetPerInch: number, pixelRatio: number): { sheet: PrintSheet; linePx: number } {
  const layout = sheetLayout(paper, orientation);
  const { widthPx, heightPx } = framePixels(layout);
  const zoom = zoomForScale(LAT, feetPerInch);
  // What the map draws at that zoom: a 100 ft line across the middle of the picture, as long as
  // the ground resolution makes it, in device pixels of a map drawn at `pixelRatio`.
  const linePx = ((100 * 0.3048) / groundMetresPerPx(LAT, zoom)) * pixelRatio;
  const width = widthPx * pixelRatio;
  const height = heightPx * pixelRatio;
  const startX = Math.round(width / 2 - linePx / 2);
  const midY = Math.round(height / 2);
  const picture = png(width, height, (x, y) => Math.abs(y - midY) <= 2 * pixelRatio && x >= startX && x < startX + Math.round(linePx));
  return {
    linePx,
    sheet: {
      layout,
      map: { png: picture, widthPx, heightPx, feetPerInch },
      scaleLabel: `1" = ${feetPerInch}'`,
      title: '12 OAK ST',
      details: ['PIN 4601-22 · Owner SMITH JOHN', 'Printed 11/30/2026 by ann@example.com'],
      legend: [{ label: 'Flood zones', colour: '#1c7ed6', credit: 'FEMA (public domain)' }],
      notice: NOTICE,
    },
  };
}

describe('the printed PDF', () => {
  it.each([
    ['letter', 'portrait', 2],
    ['tabloid', 'landscape', 1],
  ] as const)('prints a 100 ft line 1 inch long at 1" = 100\' (%s %s, pixel ratio %d), and a scale bar true to it', async (paper, orientation, pixelRatio) => {
    const { sheet } = sheetAt(paper, orientation, 100, pixelRatio);
    const raster = rasterise(await writePrintPdf(sheet));
    expect(raster.width).toBe(Math.round(sheet.layout.page.width * RASTER_DPI));

    const picture = mapPicturePlacement(sheet);
    const toRasterY = (inchesFromBottom: number) => Math.round((sheet.layout.page.height - inchesFromBottom) * RASTER_DPI);
    const lineRow = toRasterY(picture.y + picture.height / 2);
    const line = longestDarkRun(raster, lineRow, Math.round(picture.x * RASTER_DPI) + 10, Math.round((picture.x + picture.width) * RASTER_DPI) - 10);
    expect(Math.abs(line - RASTER_DPI) / RASTER_DPI).toBeLessThan(0.01);

    // Across the bar's middle: from its first black segment to the outline that ends its last white one.
    const bar = scaleBarPlacement(sheet);
    expect(bar.label).toBe('200 ft');
    const barLength = darkExtent(raster, toRasterY(bar.y + 0.04), Math.round((bar.x - 0.05) * RASTER_DPI), Math.round((bar.x + bar.inches + 0.05) * RASTER_DPI));
    expect(Math.abs(barLength - bar.inches * RASTER_DPI) / (bar.inches * RASTER_DPI)).toBeLessThan(0.01);
  });

  it('writes the title block, the scale and the notice as text', async () => {
    const { sheet } = sheetAt('letter', 'landscape', 200, 1);
    const dir = mkdtempSync(path.join(tmpdir(), 'print-pdf-'));
    try {
      writeFileSync(path.join(dir, 'sheet.pdf'), await writePrintPdf({ ...sheet, title: 'Ƶ lot — 12 OAK ST' }));
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      for (const expected of ['? lot — 12 OAK ST', 'PIN 4601-22 · Owner SMITH JOHN', 'Scale 1" = 200\'', 'Legend', 'Flood zones', 'FEMA (public domain)', '250 ft', 'N']) {
        expect(text).toContain(expected);
      }
      expect(text).toContain('Not a survey: boundaries are approximate');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
