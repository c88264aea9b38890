import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const MAP_LIBRARIES = ['mapbox-gl', '@mapbox/mapbox-gl-draw', '@mapbox/mapbox-gl-geocoder'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/@mf-types/**', '.data/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Slice injection augments LazyLoadedSlices with an interface that only extends WithSlice.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // STYLE: only src/map/** of remote-map (and of remote-data, for its sample map) talks to the map
    // libraries; the rest uses their modules.
    files: ['**/*.{ts,tsx}'],
    ignores: ['remote-map/src/map/**', 'remote-data/src/map/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: MAP_LIBRARIES.map((name) => ({ name, message: 'Use the map controller in remote-map/src/map.' })), patterns: MAP_LIBRARIES.map((name) => `${name}/*`) },
      ],
    },
  },
  {
    // e2e: specs, pages and fixtures take `test` and `expect` from the suite's fixture, which fails a
    // test on page errors; types may still come from Playwright.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures/test.ts', 'e2e/playwright.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...MAP_LIBRARIES.map((name) => ({ name, message: 'Use the map controller in remote-map/src/map.' })),
            { name: '@playwright/test', allowTypeImports: true, message: "Import test and expect from e2e/fixtures/test.ts (or fixtures/mapUser.ts)." },
          ],
          patterns: MAP_LIBRARIES.map((name) => `${name}/*`),
        },
      ],
    },
  },
  {
    // Remotes talk only through shared: no remote imports another remote or the host.
    files: ['remote-*/src/**/*.{ts,tsx}', 'host/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value=/^(\\.\\.\\/)+(host|remote-[a-z-]+|api-server|local-identity)\\//]", message: 'Remotes and the host talk only through @parcel-map/shared.' },
        // Classic zod's schema classes cannot be tree-shaken (shared/src/config/runtimeConfig.ts).
        { selector: "ImportDeclaration[source.value=/^zod(\\/v4)?$/]", message: 'The browser uses zod/mini.' },
      ],
    },
  },
);
