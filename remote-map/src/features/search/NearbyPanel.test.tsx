import { http, HttpResponse } from 'msw';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NearbyResponse } from '@parcel-map/shared';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { MeasurePalette } from '../measure/MeasurePalette.tsx';
import { measureDrawingStopped, measureModeChosen, measurementUpdated } from '../measure/measureSlice.ts';
import { measurePolygon, type Position } from '../measure/measure.ts';
import { NearbyPanel } from './NearbyPanel.tsx';

const API = testConfig.apiBaseUrl;
const drawn: Position[] = [[-80.861, 35.621], [-80.859, 35.621], [-80.859, 35.619], [-80.861, 35.619]];
const square = (lng: number, lat: number) => ({ type: 'Polygon' as const, coordinates: [[[lng, lat], [lng + 0.0005, lat], [lng + 0.0005, lat + 0.0005], [lng, lat + 0.0005], [lng, lat]]] });
const answer: NearbyResponse = {
  subject: null,
  ring: square(-80.862, 35.618),
  distance_ft: 300,
  total: 1,
  truncated: false,
  parcels: [
    {
      pin: '4605050124',
      owner: 'REID STEVEN M',
      add1: '134 SADDLE LN',
      add2: null,
      city: 'MOORESVILLE',
      state: 'NC',
      zip: '28117',
      mail_add1: 'PO BOX 12',
      mail_city: 'RALEIGH',
      mail_state: 'NC',
      mail_zip: '27601',
      taxacres: 0.4,
      distance_ft: 0,
      geometry: square(-80.86, 35.62),
    },
  ],
};

setupFakeNetwork();

describe('Nearby parcels of an area drawn with Measure Area', () => {
  it('lists the parcels around the finished shape, asking the API with its ring', async () => {
    const bodies: unknown[] = [];
    network.use(
      http.post(`${API}/api/parcels/nearby`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    const { store } = renderWithStore(
      <>
        <MeasurePalette />
        <NearbyPanel controller={null} />
      </>,
    );
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'area' }));
      store.dispatch(measurementUpdated({ measurement: measurePolygon(drawn) }));
    });
    // Still drawing: the shape follows the cursor, so it is nobody's subject yet.
    expect(screen.queryByRole('button', { name: 'Nearby parcels' })).toBeNull();

    act(() => void store.dispatch(measureDrawingStopped()));
    await userEvent.click(screen.getByRole('button', { name: 'Nearby parcels' }));

    const panel = await screen.findByRole('complementary', { name: 'Nearby parcels' });
    expect(panel).toHaveTextContent('Around the area drawn on the map');
    expect(await screen.findByText('1 parcels within 300 ft · 1 owners to notify')).toBeVisible();
    expect(screen.getByText('REID STEVEN M')).toBeVisible();
    expect(bodies).toEqual([{ geometry: { type: 'Polygon', coordinates: [[...drawn, drawn[0]]] }, distance_ft: 300 }]);
  });

  it('offers no nearby list for a measured distance', () => {
    const { store } = renderWithStore(<MeasurePalette />);
    act(() => {
      store.dispatch(measureModeChosen({ mode: 'distance' }));
      store.dispatch(measurementUpdated({ measurement: { kind: 'distance', segmentsFeet: [100], totalFeet: 100, line: [[-80.86, 35.62], [-80.859, 35.62]] } }));
      store.dispatch(measureDrawingStopped());
    });
    expect(screen.getByTestId('measure-readout')).toHaveTextContent('Distance: 100 ft');
    expect(screen.queryByRole('button', { name: 'Nearby parcels' })).toBeNull();
  });
});
