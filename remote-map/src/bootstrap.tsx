// Standalone dev page: the map through mount(), against a local api-server. Query parameters
// override the defaults: ?api=http://127.0.0.1:4000&jwt=<session jwt>.
import type { RuntimeConfig } from '@parcel-map/shared';
import { mount } from './exposes/mount.tsx';

const params = new URLSearchParams(window.location.search);
const apiBaseUrl = params.get('api') ?? 'http://127.0.0.1:4000';

const devConfig: RuntimeConfig = {
  remotes: {
    remote_auth: 'http://127.0.0.1:3001/mf-manifest.json',
    remote_map: `${window.location.origin}/mf-manifest.json`,
    remote_saved_parcels: 'http://127.0.0.1:3003/mf-manifest.json',
  },
  remoteLoadTimeoutMs: 8000,
  apiBaseUrl,
  identity: { publicToken: 'public-token-local', oauthProvider: 'microsoft' },
  map: {
    accessToken: 'pk.local-development',
    styles: [{ id: 'streets-v12', name: 'Streets', url: `${apiBaseUrl}/styles/streets-local.json` }],
    defaultStyleId: 'streets-v12',
    parcelTilesUrl: `${apiBaseUrl}/tiles/{z}/{x}/{y}.pbf`,
  },
};

const root = document.getElementById('root')!;
document.body.style.margin = '0';
root.style.height = '100vh';
mount(root, { config: devConfig, sessionJwt: params.get('jwt') ?? localStorage.getItem('session_jwt') });
