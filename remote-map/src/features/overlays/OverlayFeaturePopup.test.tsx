import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverlayAttributeField } from '@parcel-map/shared/api';
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

/** As the bundled FEMA mapping (county-data/mappings/overlays/cambridge_flood_zones.json) describes them. */
const FLOOD_FIELDS: OverlayAttributeField[] = [
  { key: 'fld_zone', label: 'Flood zone', codes: { AE: '1% annual chance flood, base flood elevation determined', X: 'Outside the 1% annual chance flood' } },
  { key: 'static_bfe', label: 'Base flood elevation', unit: 'ft (NAVD 88)' },
  { key: 'sfha_tf', label: 'Special flood hazard area', codes: { T: 'Yes', F: 'No' } },
  { key: 'study_typ', label: 'Study type' },
];

const zoneAE: OverlayClick = {
  lngLat: { lng: -71.14, lat: 42.396 },
  features: [{ overlay: 'flood-zones', label: 'Flood zones (FEMA 100-year)', fields: FLOOD_FIELDS, properties: { sfha_tf: 'T', static_bfe: 3.5, fld_zone: 'AE' } }],
};
const zoning = { overlay: 'zoning', label: 'Zoning districts', fields: [], properties: { ZONE_TYPE: 'C-1' } };

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
  const rows = () => [...popup()!.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);

  it('shows, where the click was, each overlay feature’s label and its attributes in the mapping’s order and words: codes told, units written', () => {
    const { shownAt } = renderPopup();
    act(() => showClick(zoneAE));
    expect(shownAt).toEqual([zoneAE.lngLat]);
    expect(within(popup()!).getByRole('heading', { name: 'Flood zones (FEMA 100-year)' })).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Flood zone', 'AE — 1% annual chance flood, base flood elevation determined'],
      ['Base flood elevation', '3.5 ft (NAVD 88)'],
      ['Special flood hazard area', 'T — Yes'],
    ]);
  });

  it('shows a code the mapping does not list as it is, and the attributes it does not describe after the others under their own names', () => {
    renderPopup();
    act(() => showClick({ ...zoneAE, features: [{ ...zoneAE.features[0]!, properties: { GlobalID: '{7A9B}', fld_zone: 'AH', study_typ: 'SFHA with BFE and floodway' } }] }));
    expect(rows()).toEqual([
      ['Flood zone', 'AH'],
      ['Study type', 'SFHA with BFE and floodway'],
      ['GlobalID', '{7A9B}'],
    ]);
  });

  it('shows every attribute of an overlay whose mapping describes none, name → value', () => {
    renderPopup();
    act(() => showClick({ ...zoneAE, features: [{ ...zoning, properties: { ZONE_TYPE: 'C-1', ZCODE: 35 } }] }));
    expect(rows()).toEqual([
      ['ZONE_TYPE', 'C-1'],
      ['ZCODE', '35'],
    ]);
  });

  it('lists every overlay feature under the click, one after the other', () => {
    renderPopup();
    act(() => showClick({ ...zoneAE, features: [zoning, ...zoneAE.features] }));
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
    const next = { lngLat: { lng: -71.1, lat: 42.37 }, features: [zoning] };
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
