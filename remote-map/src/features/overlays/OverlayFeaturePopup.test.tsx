import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapController, OverlayClick } from '../../map/mapController.ts';
import { DOCKED_CARD_QUERY, OverlayFeaturePopup } from './OverlayFeaturePopup.tsx';

/** The map's popup as the controller shows it: the content in the page until removed. */
function fakeController() {
  const shownAt: OverlayClick['lngLat'][] = [];
  const controller = {
    showPopup: (at: OverlayClick['lngLat'], content: HTMLElement) => {
      shownAt.push(at);
      document.body.append(content);
      return () => content.remove();
    },
  } as unknown as MapController;
  return { controller, shownAt };
}

const zoneAE: OverlayClick = {
  lngLat: { lng: -71.14, lat: 42.396 },
  features: [{ overlay: 'flood-zones', label: 'Flood zones (FEMA 100-year)', properties: { fld_zone: 'AE', static_bfe: 3.5, sfha_tf: 'T' } }],
};

let showClick: (click: OverlayClick | null) => void;
function Screen({ controller }: { controller: MapController }) {
  const [click, setClick] = useState<OverlayClick | null>(null);
  showClick = setClick;
  return <OverlayFeaturePopup controller={controller} click={click} onClose={() => setClick(null)} />;
}

function renderPopup() {
  const fake = fakeController();
  render(<Screen controller={fake.controller} />);
  return fake;
}

const popup = () => screen.queryByRole('region', { name: 'Overlay details' });

describe('OverlayFeaturePopup', () => {
  it('shows, where the click was, each overlay feature’s label and every attribute with its value', () => {
    const { shownAt } = renderPopup();
    act(() => showClick(zoneAE));
    expect(shownAt).toEqual([zoneAE.lngLat]);
    const card = popup()!;
    expect(within(card).getByRole('heading', { name: 'Flood zones (FEMA 100-year)' })).toBeInTheDocument();
    const rows = [...card.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['fld_zone', 'AE'],
      ['static_bfe', '3.5'],
      ['sfha_tf', 'T'],
    ]);
  });

  it('lists every overlay feature under the click, one after the other', () => {
    renderPopup();
    act(() => showClick({ ...zoneAE, features: [{ overlay: 'zoning', label: 'Zoning districts', properties: { ZONE_TYPE: 'C-1' } }, ...zoneAE.features] }));
    expect(within(popup()!).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Zoning districts', 'Flood zones (FEMA 100-year)']);
  });

  it('closes on Escape and with its Close button, and takes the popup off the map', async () => {
    renderPopup();
    act(() => showClick(zoneAE));
    await userEvent.keyboard('{Escape}');
    expect(popup()).toBeNull();

    act(() => showClick(zoneAE));
    await userEvent.click(within(popup()!).getByRole('button', { name: 'Close' }));
    expect(popup()).toBeNull();
  });

  it('moves to the next click', () => {
    const { shownAt } = renderPopup();
    act(() => showClick(zoneAE));
    const next = { lngLat: { lng: -71.1, lat: 42.37 }, features: [{ overlay: 'zoning', label: 'Zoning districts', properties: { ZONE_TYPE: 'C-1' } }] };
    act(() => showClick(next));
    expect(shownAt).toEqual([zoneAE.lngLat, next.lngLat]);
    expect(within(popup()!).getByRole('heading', { name: 'Zoning districts' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Overlay details' })).toHaveLength(1);
  });

  it('on a phone, shows the card under the search box instead of a popup on the map', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === DOCKED_CARD_QUERY, addEventListener: () => {}, removeEventListener: () => {} }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { shownAt } = renderPopup();
      act(() => showClick(zoneAE));
      expect(shownAt).toEqual([]);
      expect(popup()?.closest('.overlay-feature-dock')).not.toBeNull();
      expect(within(popup()!).getByRole('heading', { name: 'Flood zones (FEMA 100-year)' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
