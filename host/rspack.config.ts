import { defineFederatedApp } from '@parcel-map/shared/rspackBase';
import { federation } from './module-federation.config.ts';

export default defineFederatedApp({ appDir: import.meta.dirname, port: 3000, title: 'Parcel Map', federation, kind: 'host' });
