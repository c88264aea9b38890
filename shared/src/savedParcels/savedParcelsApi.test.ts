import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeTestStore } from '@parcel-map/shared/testing';
import { savedParcelListAnswer } from '../wire/apiAnswers.fixture.ts';
import { savedParcelIdForPath, savedParcelsApi } from './savedParcelsApi.ts';

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
  afterEach(() => vi.unstubAllGlobals());

  it("answers the list's records", async () => {
    fakeApi({ 'GET /api/saved-parcels': () => json(savedParcelListAnswer) });
    const result = await makeTestStore().dispatch(savedParcelsApi.endpoints.listSavedParcels.initiate());
    expect(result.data).toEqual(savedParcelListAnswer.parcels);
  });

  it('fails to load a list that breaks the contract', async () => {
    fakeApi({ 'GET /api/saved-parcels': () => json({ parcels: [{ ...savedParcelListAnswer.parcels[0], id: '1' }] }) });
    const result = await makeTestStore().dispatch(savedParcelsApi.endpoints.listSavedParcels.initiate());
    expect(result.isError).toBe(true);
    expect(result.data).toBeUndefined();
  });
});
