import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Imagery } from '@parcel-map/shared/api';
import { orthophoto } from '@parcel-map/shared/testing/orthophoto';
import { makeTestStore, network, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import type { MapController } from '../../map/mapController.ts';
import { useDeepLinks } from '../deepLinks/useDeepLinks.ts';
import { useImageryStyles } from './imageryApi.ts';
import { useImageryStylesOnMap } from './useImageryStylesOnMap.ts';

const API = testConfig.apiBaseUrl;
setupFakeNetwork();

const ORTHOPHOTO_STYLE = { id: 'imagery-orthophoto-2024', name: 'Imagery — Orthophoto 2024', url: `${API}/styles/imagery-orthophoto-2024.json` };

/** What the map screen does with the imagery list and the links, on a controller that records what it is asked. */
function renderScreen(url: string, imagery: Imagery[]) {
  network.use(
    http.get(`${API}/api/datasets`, () => HttpResponse.json({ dataVersion: 1, datasets: [], initialView: null })),
    http.get(`${API}/api/imagery`, () => HttpResponse.json({ imagery })),
  );
  const calls: unknown[][] = [];
  const record = (name: string) => (...args: unknown[]) => void calls.push([name, ...args]);
  const controller = { setImageryStyles: record('setImageryStyles'), setStyle: record('setStyle'), jumpTo: record('jumpTo') } as unknown as MapController;
  function Screen() {
    useImageryStylesOnMap(controller, useImageryStyles());
    useDeepLinks(controller);
    return null;
  }
  render(
    <Provider store={makeTestStore()}>
      <MemoryRouter initialEntries={[url]}>
        <Screen />
      </MemoryRouter>
    </Provider>,
  );
  return calls;
}

describe('imagery base maps on the map', () => {
  it('hands the map each imagery layer’s base map, named and addressed as the API serves its style', async () => {
    const calls = renderScreen('/', [orthophoto]);
    await waitFor(() => expect(calls).toContainEqual(['setImageryStyles', [ORTHOPHOTO_STYLE]]));
    expect(calls.filter(([name]) => name === 'setStyle')).toEqual([]);
  });

  it('with several imagery layers, offers first all of them at once, the newest on top, then each', async () => {
    const older = { ...orthophoto, name: 'orthophoto-2019', label: 'Orthophoto 2019', tiles: '/tiles/imagery/orthophoto-2019/{z}/{x}/{y}.webp?v=1' };
    const calls = renderScreen('/?style=imagery', [older, orthophoto]);
    const newest = { id: 'imagery', name: 'Imagery — newest available', url: `${API}/styles/imagery.json` };
    const each = { id: 'imagery-orthophoto-2019', name: 'Imagery — Orthophoto 2019', url: `${API}/styles/imagery-orthophoto-2019.json` };
    await waitFor(() => expect(calls).toContainEqual(['setImageryStyles', [newest, each, ORTHOPHOTO_STYLE]]));
    // A link to it waits for the list as a link to one layer does.
    await waitFor(() => expect(calls).toContainEqual(['setStyle', 'imagery']));
  });

  it('loads a link’s imagery base map once the list names it, after the map was told of it', async () => {
    const calls = renderScreen('/?style=imagery-orthophoto-2024', [orthophoto]);
    await waitFor(() => expect(calls).toContainEqual(['setStyle', 'imagery-orthophoto-2024']));
    const told = calls.findIndex((call) => call[0] === 'setImageryStyles' && (call[1] as unknown[]).length === 1);
    expect(told).toBeGreaterThanOrEqual(0);
    expect(told).toBeLessThan(calls.findIndex((call) => call[0] === 'setStyle'));
    expect(calls.filter(([name]) => name === 'setStyle')).toHaveLength(1);
  });
});
