import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeTestStore, network, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { savedParcelListAnswer } from '../wire/apiAnswers.fixture.ts';
import { savedParcelIdForPath, savedParcelsApi } from './savedParcelsApi.ts';

const SAVED_PARCELS = `${testConfig.apiBaseUrl}/api/saved-parcels`;

setupFakeNetwork();

describe('savedParcelIdForPath', () => {
  it('sends an all-digit id as a number (SPEC §5)', () => {
    expect(savedParcelIdForPath('0042')).toBe('42');
    expect(savedParcelIdForPath(7)).toBe('7');
  });

  it('keeps any other id as text, encoded for the path', () => {
    expect(savedParcelIdForPath('a/b')).toBe('a%2Fb');
  });
});

describe('listSavedParcels', () => {
  it("answers the list's records", async () => {
    network.use(http.get(SAVED_PARCELS, () => HttpResponse.json(savedParcelListAnswer)));
    const result = await makeTestStore().dispatch(savedParcelsApi.endpoints.listSavedParcels.initiate());
    expect(result.data).toEqual(savedParcelListAnswer.parcels);
  });

  it('fails to load a list that breaks the contract', async () => {
    network.use(http.get(SAVED_PARCELS, () => HttpResponse.json({ parcels: [{ ...savedParcelListAnswer.parcels[0], id: '1' }] })));
    const result = await makeTestStore().dispatch(savedParcelsApi.endpoints.listSavedParcels.initiate());
    expect(result.isError).toBe(true);
    expect(result.data).toBeUndefined();
  });
});
