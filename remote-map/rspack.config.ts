import { defineFederatedApp } from '@parcel-map/shared/rspackBase';
import { federation } from './module-federation.config.ts';

export default defineFederatedApp({
  appDir: import.meta.dirname,
  port: 3002,
  title: 'Parcel Map — map',
  federation,
  kind: 'remote',
  // For portals: a plain script at a stable URL that sets window.ParcelMap (src/embed.ts).
  extraEntries: { embed: { import: './src/embed.ts', filename: 'parcel-map-embed.js' } },
});
