// A click, a hover or Enter on a feature that is nobody's parcel — Cambridge's "ROAD" right-of-way
// under every street, its railway — selects nothing, on the parcel layers as installed (fake map,
// which applies the layers' filters as mapbox-gl does).
import type { Feature } from 'geojson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@parcel-map/shared/testing';
import { FakeMap } from './testing/fakeMap.ts';
import { PARCEL_SOURCE_ID, parcelLayer } from './parcelLayers.ts';
import { attachParcelInteractions } from './parcelInteractions.ts';

const feature = (pin: string, kind?: string): Feature => ({
  type: 'Feature',
  properties: { pin, PIN: pin, ...(kind ? { kind } : { Name: `OWNER ${pin}` }) },
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
});
const ROAD = feature('ROAD', 'road');
const RAIL = feature('RR', 'rail');

async function mapWith(features: Feature[]) {
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(0);
    return 0;
  });
  const fake = new FakeMap([{ url: 'http://styles.test/s.json', glyphs: 'http://fonts.test/{fontstack}/{range}.pbf' }]);
  await fake.styleLoaded();
  parcelLayer.install(fake.map, parcelLayer.initial(testConfig.map), { satellite: false });
  fake.setVectorFeatures(PARCEL_SOURCE_ID, features);
  const handlers = { parcelClicked: vi.fn(), backgroundClicked: vi.fn(), savedParcelClicked: vi.fn(), centreParcelChosen: vi.fn() };
  const hover = vi.fn();
  attachParcelInteractions(fake.map, { selectedPin: () => null, hover }, handlers);
  const click = () => fake.fire('click', { point: { x: 1, y: 1 }, lngLat: { lng: -71.1, lat: 42.37 } });
  return { fake, handlers, hover, click };
}

afterEach(() => vi.restoreAllMocks());

describe('a click on a feature that is not a parcel', () => {
  it('selects nothing on a right-of-way or the railway', async () => {
    const { handlers, click } = await mapWith([ROAD, RAIL]);
    click();
    expect(handlers.parcelClicked).not.toHaveBeenCalled();
    expect(handlers.backgroundClicked).toHaveBeenCalledTimes(1);
  });

  it('selects the parcel under a right-of-way drawn over it', async () => {
    const { handlers, click } = await mapWith([ROAD, feature('127-1')]);
    click();
    expect(handlers.parcelClicked).toHaveBeenCalledWith('127-1');
    expect(handlers.backgroundClicked).not.toHaveBeenCalled();
  });

  it('chooses nothing with Enter at the centre of a right-of-way', async () => {
    const { fake, handlers } = await mapWith([ROAD]);
    fake.canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(handlers.centreParcelChosen).not.toHaveBeenCalled();
  });
});
