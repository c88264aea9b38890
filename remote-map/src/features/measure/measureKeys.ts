// SPEC §4 drawing keys, mapped onto the measure palette, whose buttons are the only drawing controls
// we enable: 1 (point) is Mark Point, 2 (line) is Measure Distance, 3 (polygon) is Measure Area, and
// Delete or Backspace trash the selected or unfinished shape. Enter and Escape
// are Draw's own (finish, cancel). Draw's digit and trash bindings stay off, as its controls are
// disabled: they would change the drawing mode behind the palette's back.
import type { MeasureMode } from './measureSlice.ts';

export type MeasureKeyAction = { kind: 'mode'; mode: MeasureMode } | { kind: 'trash' } | null;

export function measureKeyAction(key: string): MeasureKeyAction {
  if (key === '1') return { kind: 'mode', mode: 'point' };
  if (key === '2') return { kind: 'mode', mode: 'distance' };
  if (key === '3') return { kind: 'mode', mode: 'area' };
  if (key === 'Delete' || key === 'Backspace') return { kind: 'trash' };
  return null;
}
