// The saved list's header and filter row from the real style sheet (jsdom's cascade: which rules win,
// not the pixels): on a phone the exports wrap and the close button keeps its corner; each label sits
// beside its own field, a field to a row, the count below them.
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { savedParcelsOpened } from '@parcel-map/shared';
import { DESKTOP_AND_PHONE, renderAtWidth, renderWithStore, setupFakeNetwork } from '@parcel-map/shared/testing';
import { fakeSavedParcelsApi, savedRecord } from '../../test/fakeSavedParcelsApi.ts';
import { SavedParcels } from '../SavedParcels.tsx';

setupFakeNetwork();

describe.each(DESKTOP_AND_PHONE)("The saved list's filter row on a %s", (size, width) => {
  it(size === 'phone' ? 'wraps the exports under the title, the close button in its corner; the filters a grid of label and field' : 'is one wrapping row', async () => {
    fakeSavedParcelsApi([savedRecord({ id: 7, parcel_pin: '4634000007' })]);
    const { store } = renderAtWidth(width, [path.join(import.meta.dirname, '..', 'savedParcels.css')], () => renderWithStore(<SavedParcels />));
    act(() => {
      store.dispatch(savedParcelsOpened());
    });
    const filter = await screen.findByLabelText('Filter');
    const row = filter.parentElement!;
    expect(row).toContainElement(screen.getByLabelText('Sort by'));
    const count = screen.getByText('1 saved');
    if (size === 'phone') {
      expect(getComputedStyle(row).display).toBe('grid');
      expect(getComputedStyle(row).gridTemplateColumns).toBe('max-content minmax(0, 1fr)');
      expect(getComputedStyle(count).gridColumn).toBe('1 / -1');
      const close = screen.getByRole('button', { name: 'Close saved parcels' });
      expect(getComputedStyle(close).position).toBe('absolute');
      expect(getComputedStyle(close.parentElement!).flexWrap).toBe('wrap');
    } else {
      expect(getComputedStyle(row).display).toBe('flex');
      expect(getComputedStyle(row).flexWrap).toBe('wrap');
    }
  });
});
