import { defineFederatedApp } from '@parcel-map/shared/rspackBase';
import { federation } from './module-federation.config.ts';

export default defineFederatedApp({ appDir: import.meta.dirname, port: 3003, title: 'Parcel Map — saved parcels', federation, kind: 'remote' });
