import { countyTileRequests } from './countyTileRequests.ts';

describe('countyTileRequests', () => {
  it("adds the session's bearer token to the API's parcel and overlay tiles", () => {
    const transform = countyTileRequests('http://api.test:4000', () => 'jwt-1');
    for (const url of ['http://api.test:4000/tiles/14/1/2.pbf?v=3', 'http://api.test:4000/tiles/overlays/flood/14/1/2.pbf']) {
      expect(transform(url, 'Tile')).toEqual({ url, headers: { Authorization: 'Bearer jwt-1' } });
    }
  });

  it('reads the token at each request, so a refreshed session is sent at once', () => {
    let token = 'before';
    const transform = countyTileRequests('http://api.test:4000/', () => token);
    token = 'after';
    expect(transform('http://api.test:4000/tiles/14/1/2.pbf', 'Tile')).toEqual({ url: 'http://api.test:4000/tiles/14/1/2.pbf', headers: { Authorization: 'Bearer after' } });
  });

  it('sends nothing to other hosts, other paths of the API, or without a session', () => {
    const transform = countyTileRequests('http://api.test:4000', () => 'jwt-1');
    for (const url of ['https://evil.example/tiles/14/1/2.pbf', 'http://api.test:4000/basemap/14/1/2.pbf', 'http://api.test:4000/tilesets/1.pbf', 'http://api.test:40001/tiles/1/1/1.pbf']) {
      expect(transform(url, 'Tile')).toEqual({ url });
    }
    expect(countyTileRequests('http://api.test:4000', () => null)('http://api.test:4000/tiles/14/1/2.pbf', 'Tile')).toEqual({ url: 'http://api.test:4000/tiles/14/1/2.pbf' });
  });

  it("finds the tiles of an API on the page's own origin named by its path alone, whether the tile URL is absolute or not", () => {
    const transform = countyTileRequests('/api', () => 'jwt-1', 'https://parcels.example.org/saved?pin=1');
    for (const url of ['https://parcels.example.org/api/tiles/14/1/2.pbf?v=3', '/api/tiles/overlays/flood/14/1/2.pbf']) {
      expect(transform(url, 'Tile')).toEqual({ url, headers: { Authorization: 'Bearer jwt-1' } });
    }
    for (const url of ['https://other.example.org/api/tiles/14/1/2.pbf', 'https://parcels.example.org/tiles/14/1/2.pbf', '/api/basemap/14/1/2.pbf']) {
      expect(transform(url, 'Tile')).toEqual({ url });
    }
  });

  it("resolves a same-origin API base against the page it runs on by default", () => {
    const transform = countyTileRequests('/api/', () => 'jwt-1');
    const url = `${location.origin}/api/tiles/14/1/2.pbf`;
    expect(transform(url, 'Tile')).toEqual({ url, headers: { Authorization: 'Bearer jwt-1' } });
  });
});
