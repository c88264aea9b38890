import { measureKeyAction } from './measureKeys.ts';

describe('measureKeyAction', () => {
  it('maps 2 to distance and 3 to area, the palette modes of the line and polygon controls', () => {
    expect(measureKeyAction('2')).toEqual({ kind: 'mode', mode: 'distance' });
    expect(measureKeyAction('3')).toEqual({ kind: 'mode', mode: 'area' });
  });

  it('maps 1 to Mark Point, the palette mode of the point control (markups, issue #25)', () => {
    expect(measureKeyAction('1')).toEqual({ kind: 'mode', mode: 'point' });
  });

  it('trashes on Delete and Backspace, and leaves other keys alone', () => {
    expect(measureKeyAction('Delete')).toEqual({ kind: 'trash' });
    expect(measureKeyAction('Backspace')).toEqual({ kind: 'trash' });
    for (const key of ['Enter', 'Escape', 'a', '4', ' ']) expect(measureKeyAction(key)).toBeNull();
  });
});
