// The rooms of the server side and what may import what (docs/architecture.md). `npm test` runs it
// (the `architecture` stage); a new cycle or an import against these rules fails it.
const API = '^api-server/src/';
// Tests beside the code may drive the whole app through the composition root; the rules hold for product code.
const TESTS = ['\\.test\\.tsx?$', '\\.fixture\\.ts$', '/testing/', '/src/test/'];

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Import cycles make the layers meaningless.', from: {}, to: { circular: true } },
    {
      name: 'api-platform-is-the-bottom',
      severity: 'error',
      comment: 'platform/ (auth, HTTP, cache, diagnostics) serves every room above it and imports none of them.',
      from: { path: `${API}platform/`, pathNot: TESTS },
      to: { path: `${API}(app|features|tiles)/` },
    },
    {
      name: 'api-features-below-the-composition-root',
      severity: 'error',
      comment: 'features/ (request features) know neither the composition root nor the tile sets.',
      from: { path: `${API}features/`, pathNot: TESTS },
      to: { path: `${API}(app|tiles)/` },
    },
    {
      name: 'api-tiles-below-the-composition-root',
      severity: 'error',
      comment: 'tiles/ (tile kit, parcels, contours, base map) know neither the composition root nor the request features.',
      from: { path: `${API}tiles/`, pathNot: TESTS },
      to: { path: `${API}(app|features)/` },
    },
    {
      name: 'api-tile-kit-knows-no-tile-set',
      severity: 'error',
      from: { path: `${API}tiles/kit/`, pathNot: TESTS },
      to: { path: `${API}tiles/(parcels|contours|baseMap)/` },
    },
    {
      name: 'api-product-code-carries-no-generator',
      severity: 'error',
      comment: 'The process that serves requests carries no demo generator code (it is data, written by the seed step).',
      from: { path: API, pathNot: TESTS },
      to: { path: '^county-data/src/demo/' },
    },
    {
      name: 'product-code-carries-no-test-support',
      severity: 'error',
      comment: 'Fakes, test databases and test helpers (testing/, src/test/, *.test.*) are imported by tests only.',
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'lower-packages-know-no-api',
      severity: 'error',
      comment: 'database/ and county-data/ are libraries the API calls, never the other way round.',
      from: { path: '^(database|county-data)/' },
      to: { path: '^api-server/' },
    },
    {
      name: 'database-is-below-county-data',
      severity: 'error',
      from: { path: '^database/' },
      to: { path: '^county-data/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
