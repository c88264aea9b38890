import { defineFederatedApp } from '@parcel-map/shared/rspackBase';
import { federation } from './module-federation.config.ts';

export default defineFederatedApp({ appDir: import.meta.dirname, port: 3002, title: 'Parcel Map — map', federation, kind: 'remote' });
