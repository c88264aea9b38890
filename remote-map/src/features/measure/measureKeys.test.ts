import { measureKeyAction } from './measureKeys.ts';

describe('measureKeyAction', () => {
  it('maps 2 to distance and 3 to area, the palette modes of the line and polygon controls', () => {
    expect(measureKeyAction('2')).toEqual({ kind: 'mode', mode: 'distance' });
    expect(measureKeyAction('3')).toEqual({ kind: 'mode', mode: 'area' });
  });

  it('ignores 1: there is no point control to switch to', () => {
    expect(measureKeyAction('1')).toBeNull();
  });

  it('trashes on Delete and Backspace, and leaves other keys alone', () => {
    expect(measureKeyAction('Delete')).toEqual({ kind: 'trash' });
    expect(measureKeyAction('Backspace')).toEqual({ kind: 'trash' });
    for (const key of ['Enter', 'Escape', 'a', '4', ' ']) expect(measureKeyAction(key)).toBeNull();
  });
});
