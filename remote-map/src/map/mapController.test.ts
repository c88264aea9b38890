import { testConfig } from '@parcel-map/shared/testing';
import { createMapController, type MapControllerEvents } from './mapController.ts';

const events: MapControllerEvents = {
  viewChanged: () => {},
  parcelTilesLoading: () => {},
  savedParcelClicked: () => {},
  centreParcelChosen: () => {},
  styleLoadStarted: () => {},
  styleLoadFinished: () => {},
  styleLoadFailed: () => {},
  parcelClicked: () => {},
  backgroundClicked: () => {},
  overlayFeaturesClicked: () => {},
};

// What needs WebGL is tested in Playwright; these checks run before any map exists.
describe('createMapController set-up checks (SPEC §5)', () => {
  it('aborts without a container element', () => {
    expect(() => createMapController({ container: null, config: testConfig.map, apiBaseUrl: testConfig.apiBaseUrl, sessionToken: () => null, events })).toThrow('Map container element not found.');
  });

  it('aborts without an access token', () => {
    const container = document.createElement('div');
    expect(() => createMapController({ container, config: { ...testConfig.map, accessToken: '' }, apiBaseUrl: testConfig.apiBaseUrl, sessionToken: () => null, events })).toThrow('Mapbox Access Token missing.');
  });
});
