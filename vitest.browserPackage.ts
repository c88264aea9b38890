// Vitest settings of every front-end package: jsdom, Testing Library matchers.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export function browserPackageTestConfig(dirname: string) {
  return defineConfig({
    test: {
      name: path.basename(dirname),
      root: dirname,
      environment: 'jsdom',
      globals: true,
      setupFiles: [path.resolve(import.meta.dirname, 'vitest.browserSetup.ts')],
      css: false,
    },
  });
}
