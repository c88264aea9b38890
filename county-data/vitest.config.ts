import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'county-data',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
