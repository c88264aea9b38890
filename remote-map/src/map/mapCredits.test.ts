import { mapCredits } from './mapCredits.ts';
import { FakeMap } from './testing/fakeMap.ts';

describe('mapCredits', () => {
  it("lists each of the style's source attributions once, as text", async () => {
    const fake = new FakeMap([{ url: 'http://styles.test/s.json' }]);
    await fake.styleLoaded();
    expect(mapCredits(fake.map)).toEqual([]);
    fake.map.addSource('imagery', { type: 'raster', tiles: ['http://tiles.test/{z}/{x}/{y}.webp'], attribution: 'County imagery (2023): Cook County GIS' });
    fake.map.addSource('imagery-under-0', { type: 'raster', tiles: ['http://tiles.test/old/{z}/{x}/{y}.webp'], attribution: 'SPOT (1990)' });
    fake.map.addSource('streets', { type: 'vector', tiles: ['http://tiles.test/{z}/{x}/{y}.pbf'], attribution: '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap</a>' });
    fake.map.addSource('parcels', { type: 'vector', tiles: ['http://tiles.test/p/{z}/{x}/{y}.pbf'] });
    fake.map.addSource('again', { type: 'raster', tiles: ['http://tiles.test/a/{z}/{x}/{y}.webp'], attribution: 'SPOT (1990)' });
    expect(mapCredits(fake.map)).toEqual(['County imagery (2023): Cook County GIS', 'SPOT (1990)', '© OpenStreetMap']);
  });
});
