// The measure palette's layout from its real style sheet (jsdom's cascade: which rules win, not the
// pixels): on a phone every button stays in sight, wrapped onto rows, none scrolled away sideways.
import path from 'node:path';
import { screen } from '@testing-library/react';
import { DESKTOP_AND_PHONE, makeTestStore, renderAtWidth, renderWithStore } from '@parcel-map/shared/testing';
import { MeasurePalette } from './MeasurePalette.tsx';
import { measureToggled } from './measureSlice.ts';

describe.each(DESKTOP_AND_PHONE)('The measure palette on a %s', (size, width) => {
  it('wraps its buttons onto rows, so Clear Measurement and Close are never scrolled out of sight', () => {
    const store = makeTestStore();
    store.dispatch(measureToggled());
    renderAtWidth(width, [path.join(import.meta.dirname, 'measurePalette.css')], () => renderWithStore(<MeasurePalette />, { store }));
    const row = screen.getByRole('button', { name: 'Close' }).parentElement!;
    expect(row).toContainElement(screen.getByRole('button', { name: 'Clear Measurement' }));
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(getComputedStyle(row).overflowX).not.toBe('auto');
    const palette = screen.getByRole('region', { name: 'Measure' });
    if (size === 'phone') {
      // Clear of the control column on the right, and scrolled within itself if ever taller than the map.
      expect(getComputedStyle(palette).right).toBe('3.5rem');
      expect(getComputedStyle(palette).overflowY).toBe('auto');
    } else {
      expect(getComputedStyle(palette).transform).toBe('translateX(-50%)');
    }
  });
});
