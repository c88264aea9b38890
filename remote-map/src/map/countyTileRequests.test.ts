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
});
