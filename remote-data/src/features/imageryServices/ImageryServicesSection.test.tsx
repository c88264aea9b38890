import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ImageryServiceBody, ImageryTileService } from '@parcel-map/shared/api';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { ImageryServicesSection } from './ImageryServicesSection.tsx';

setupFakeNetwork();

const SERVICES = `${testConfig.apiBaseUrl}/api/admin/imagery-services`;
const WMS_REFUSAL = 'A WMS URL is a GetMap request with BBOX={bbox-epsg-3857} and SRS (or CRS) EPSG:3857';

/** The API's imagery services on the fake network: a list, adds (refusing a WMS URL without its bbox placeholder, as the API does), removes. */
function fakeServicesApi() {
  let services: ImageryTileService[] = [];
  const posted: unknown[] = [];
  const removed: string[] = [];
  network.use(
    http.get(SERVICES, () => HttpResponse.json({ services })),
    http.post(SERVICES, async ({ request }) => {
      const body = (await request.json()) as ImageryServiceBody;
      posted.push(body);
      if (body.kind === 'wms' && !body.url.includes('{bbox-epsg-3857}')) return HttpResponse.json({ message: WMS_REFUSAL }, { status: 400 });
      const service: ImageryTileService = { name: body.label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), kind: body.kind, url: body.url, tiles: body.url, label: body.label, attribution: body.attribution ?? '', year: body.year ?? null, bounds: body.bounds, minzoom: 0, maxzoom: 19, addedAt: '2026-11-29T12:00:00Z' };
      services = [...services, service];
      return HttpResponse.json(service, { status: 201 });
    }),
    http.delete(`${SERVICES}/:name`, ({ params }) => {
      removed.push(String(params.name));
      services = services.filter((service) => service.name !== params.name);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posted, removed };
}

describe('the Data page\'s imagery services', { timeout: 20_000 }, () => {
  it('adds a WMS service from the form, showing the API\'s refusal as worded first, then lists it and removes it', async () => {
    const api = fakeServicesApi();
    const user = userEvent.setup();
    renderWithStore(<ImageryServicesSection />);
    expect(await screen.findByText('No imagery service is added yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an imagery service' });

    // A WMTS service may name its layer; the other kinds name it in their URL.
    await user.selectOptions(within(form).getByLabelText('Kind'), 'WMTS');
    expect(within(form).getByLabelText('Layer (optional)')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Kind'), 'WMS');
    expect(within(form).queryByLabelText('Layer (optional)')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('URL')).toHaveAccessibleDescription('A GetMap request in EPSG:3857 with BBOX={bbox-epsg-3857}, filled for each tile.');
    // Pasted, as an administrator copies a service's address: typed, the long URLs outlast the test's time on a busy machine.
    const paste = async (label: string, text: string) => {
      await user.click(within(form).getByLabelText(label));
      await user.paste(text);
    };
    await paste('URL', 'https://gis.county.example/wms?REQUEST=GetMap&SRS=EPSG:3857&BBOX=0,0,1,1');
    await paste('Label', 'County WMS 2024');
    await paste('Attribution', 'County GIS');
    await paste('Year taken (optional)', '20');
    await paste('Bounds (west, south, east, north)', '-71.16 42.35 -71.06, 42.41');
    await user.click(within(form).getByRole('button', { name: 'Add service' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The year the photos were taken is four digits, from 1900 to 2100.');
    await paste('Year taken (optional)', '23');
    await user.clear(within(form).getByLabelText('Bounds (west, south, east, north)'));
    await paste('Bounds (west, south, east, north)', '-71.16 42.35 -71.06');
    await user.click(within(form).getByRole('button', { name: 'Add service' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the bounds as four numbers: west, south, east, north (degrees)');
    expect(api.posted).toEqual([]);

    await paste('Bounds (west, south, east, north)', ', 42.41');
    await user.click(within(form).getByRole('button', { name: 'Add service' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(WMS_REFUSAL);

    await user.clear(within(form).getByLabelText('URL'));
    await paste('URL', 'https://gis.county.example/wms?REQUEST=GetMap&SRS=EPSG:3857&BBOX={bbox-epsg-3857}');
    await user.click(within(form).getByRole('button', { name: 'Add service' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Added: the base map menu lists it as "Imagery — County WMS 2024".');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.posted.at(-1)).toEqual({
      kind: 'wms',
      url: 'https://gis.county.example/wms?REQUEST=GetMap&SRS=EPSG:3857&BBOX={bbox-epsg-3857}',
      label: 'County WMS 2024',
      attribution: 'County GIS',
      year: 2023,
      bounds: [-71.16, 42.35, -71.06, 42.41],
    });

    const card = await screen.findByRole('article', { name: /County WMS 2024/ });
    expect(card).toHaveTextContent('WMS');
    expect(card).toHaveTextContent('https://gis.county.example/wms?REQUEST=GetMap&SRS=EPSG:3857&BBOX={bbox-epsg-3857}');
    expect(card).toHaveTextContent('-71.16, 42.35, -71.06, 42.41');
    expect(card).toHaveTextContent('Year taken2023');
    // Removal asks first, and keeping it changes nothing.
    await user.click(within(card).getByRole('button', { name: 'Remove County WMS 2024' }));
    const asked = within(card).getByRole('group', { name: 'Remove County WMS 2024?' });
    expect(asked).toHaveTextContent('The base map menu stops offering it to everyone.');
    await user.click(within(asked).getByRole('button', { name: 'Keep it' }));
    expect(api.removed).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Remove County WMS 2024' }));
    await user.click(within(card).getByRole('button', { name: 'Remove service' }));
    expect(api.removed).toEqual(['county-wms-2024']);
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(screen.getByText('No imagery service is added yet.')).toBeInTheDocument();
  });
});
