// The Vitest projects (one per workspace with tests), and those whose tests open databases or start
// processes: vitest.databaseSetup.ts makes the run's databases when one of these runs, and
// `npm test -- quick` runs only the others.
export const PROJECTS_WITH_DATABASES = ['database', 'county-data', 'api-server'];
// Front-end packages' tests run in jsdom, server packages' in Node (vitest.packages.ts); in either, the
// files that replace a module run in a project of their own, named `<package>-isolated`.
export const BROWSER_PACKAGES = ['shared', 'host', 'remote-auth', 'remote-map', 'remote-saved-parcels', 'remote-data'];
export const SERVER_PACKAGES = [...PROJECTS_WITH_DATABASES, 'local-identity'];
export const VITEST_PROJECTS = [...BROWSER_PACKAGES, ...SERVER_PACKAGES];
