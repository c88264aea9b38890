import type { Markup } from '@parcel-map/shared';
import { markupsCollection } from './markupsLayer.ts';

const markup = (overrides: Partial<Markup>): Markup => ({
  id: 1,
  name: 'Fence line',
  color: '#1971c2',
  geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] },
  visible: true,
  created_at: '2026-11-27T12:00:00.000Z',
  ...overrides,
});

describe('markups overlay', () => {
  it('draws the shown markups only, each with its own colour and name', () => {
    const collection = markupsCollection([markup({ id: 1 }), markup({ id: 2, visible: false }), markup({ id: 3, color: '#e03131', geometry: { type: 'Point', coordinates: [-80.8, 35.6] } })]);
    expect(collection.features).toEqual([
      { type: 'Feature', id: 1, properties: { name: 'Fence line', color: '#1971c2' }, geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.85, 35.62]] } },
      { type: 'Feature', id: 3, properties: { name: 'Fence line', color: '#e03131' }, geometry: { type: 'Point', coordinates: [-80.8, 35.6] } },
    ]);
  });
});
