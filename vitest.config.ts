import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'host', 'remote-auth', 'remote-map', 'remote-saved-parcels', 'remote-data', 'database', 'county-data', 'api-server', 'local-identity'],
  },
});
