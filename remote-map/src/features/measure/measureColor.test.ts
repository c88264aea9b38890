import { HOVER_FILL, OUTLINE_COLOR, SELECTED_LINE } from '../../map/parcelLayers.ts';
import { MEASURE_COLOR } from './measureColor.ts';

/** Distance between two #rrggbb colours in RGB (0 alike, 441 black to white). */
function colourDistance(a: string, b: string): number {
  const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  const [x, y] = [channels(a), channels(b)];
  return Math.hypot(...x.map((value, i) => value - y[i]!));
}

describe('the measure colour', () => {
  it.each([
    ['the selected parcel', SELECTED_LINE.color],
    ['the hovered parcel', HOVER_FILL.color],
    ['parcel outlines', OUTLINE_COLOR.default],
    ['parcel outlines on imagery', OUTLINE_COLOR.satellite],
  ])('stands apart from %s', (_what, colour) => {
    expect(colourDistance(MEASURE_COLOR, colour)).toBeGreaterThan(150);
  });
});
