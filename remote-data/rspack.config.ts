import { defineFederatedApp } from '@parcel-map/shared/rspackBase';
import { federation } from './module-federation.config.ts';

export default defineFederatedApp({ appDir: import.meta.dirname, port: 3004, title: 'Parcel Map — data', federation, kind: 'remote' });
